import { describe, expect, it } from 'vitest';
import { addressKind, describeClient, describeUserAgent } from './client-description';

const UA = {
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadChrome: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  androidWechat: 'Mozilla/5.0 (Linux; Android 14; PJD110) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN',
  harmony: 'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  linuxFirefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromeOs: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
};

describe('describeUserAgent', () => {
  it('names the browser and the system in Chinese', () => {
    expect(describeUserAgent(UA.windowsChrome)).toBe('Windows 上的 Chrome 浏览器');
    expect(describeUserAgent(UA.windowsEdge)).toBe('Windows 上的 Edge 浏览器');
    expect(describeUserAgent(UA.macSafari)).toBe('macOS 上的 Safari 浏览器');
    expect(describeUserAgent(UA.macFirefox)).toBe('macOS 上的 Firefox 浏览器');
    expect(describeUserAgent(UA.iphoneSafari)).toBe('iPhone 上的 Safari 浏览器');
    expect(describeUserAgent(UA.ipadChrome)).toBe('iPad 上的 Chrome 浏览器');
    expect(describeUserAgent(UA.androidWechat)).toBe('Android 上的微信内置浏览器');
    expect(describeUserAgent(UA.harmony)).toBe('HarmonyOS 上的 Chrome 浏览器');
    expect(describeUserAgent(UA.linuxFirefox)).toBe('Linux 上的 Firefox 浏览器');
    expect(describeUserAgent(UA.chromeOs)).toBe('ChromeOS 上的 Chrome 浏览器');
    expect(describeUserAgent(UA.ie11)).toBe('Windows 上的 IE 浏览器');
    expect(describeUserAgent(UA.headless)).toBe('Linux 上的 Chrome 浏览器');
  });

  it('says what it does not know', () => {
    expect(describeUserAgent('')).toBe('未知浏览器');
    expect(describeUserAgent('curl/8.5.0')).toBe('未知浏览器');
    expect(describeUserAgent('SomeTool/1.0 (Windows NT 10.0)')).toBe('Windows 上的未知浏览器');
    expect(describeUserAgent('Mozilla/5.0 Firefox/127.0')).toBe('Firefox 浏览器');
  });
});

describe('addressKind', () => {
  it('tells private, loopback, link-local and shared ranges from public ones', () => {
    for (const internal of ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.20', '127.0.0.1', '169.254.10.1', '100.64.0.1', '100.127.255.255', '::1', 'fd12:3456::1', 'fc00::1', 'fe80::1%eth0', '::ffff:192.168.0.9', '::FFFF:10.1.2.3']) {
      expect(addressKind(internal), internal).toBe('internal');
    }
    for (const pub of ['8.8.8.8', '172.15.0.1', '172.32.0.1', '192.169.0.1', '100.63.255.255', '100.128.0.1', '203.0.113.9', '2001:db8::1', '240e:3b7::1', '::ffff:114.114.114.114']) {
      expect(addressKind(pub), pub).toBe('public');
    }
  });

  it('refuses what is no address', () => {
    for (const bad of ['', 'localhost', '256.1.1.1', '1.2.3', '1::2::3', 'fe80:zz::1', '10.0.0.1.5']) expect(addressKind(bad), bad).toBe('unknown');
  });
});

describe('describeClient', () => {
  const now = Date.parse('2026-11-27T07:40:11+08:00');

  it('puts device, address and time in words', () => {
    expect(describeClient({ userAgent: UA.windowsChrome, clientIp: '10.1.2.3', requestedAt: '2026-11-27T07:40:01+08:00' }, now)).toEqual({
      device: 'Windows 上的 Chrome 浏览器',
      address: '10.1.2.3（内网地址）',
      time: '2026-11-27 07:40:01（刚刚）',
      summary: 'Windows 上的 Chrome 浏览器，内网地址 10.1.2.3，刚刚发起登录',
    });
    const remote = describeClient({ userAgent: UA.macSafari, clientIp: '203.0.113.9', requestedAt: '2026-11-27T07:38:01+08:00' }, now);
    expect(remote.address).toBe('203.0.113.9（公网地址）');
    expect(remote.summary).toBe('macOS 上的 Safari 浏览器，公网地址 203.0.113.9，2分钟前发起登录');
  });

  it('shows no address it cannot read', () => {
    const blank = describeClient({ userAgent: '', clientIp: '', requestedAt: now }, now);
    expect(blank).toMatchObject({ device: '未知浏览器', address: '未知地址', summary: '未知浏览器，未知地址，刚刚发起登录' });
  });
});
