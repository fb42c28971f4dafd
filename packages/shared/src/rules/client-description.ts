import { formatDateTime, relativeTime, type DateInput } from './date';

/**
 * A requesting computer in words, for a person deciding whether it is theirs (the scan-code
 * login's phone page): its browser and system from the user agent, its address and whether that
 * is an internal or a public one, and when it asked. No city: that needs a licensed IP database
 * (docs/scan-login.md), which the product does not ship.
 */

/** First match wins: in-app browsers and Chromium derivatives name Chrome and Safari too. */
const BROWSERS: readonly [RegExp, string][] = [
  [/MicroMessenger\//i, '微信内置浏览器'],
  [/DingTalk\//i, '钉钉内置浏览器'],
  [/Edg(?:e|A|iOS)?\//, 'Edge 浏览器'],
  [/OPR\/|Opera/, 'Opera 浏览器'],
  [/Firefox\/|FxiOS\//, 'Firefox 浏览器'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome 浏览器'],
  [/Safari\//, 'Safari 浏览器'],
  [/MSIE |Trident\//, 'IE 浏览器'],
];

/** iPads and HarmonyOS phones also say "Mac OS X" and "Android": they come first. */
const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (text: string, table: readonly [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** 'Windows 上的 Chrome 浏览器', 'Android 上的微信内置浏览器', 'Chrome 浏览器', '未知浏览器'. */
export function describeUserAgent(userAgent: string): string {
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (!system) return browser ?? '未知浏览器';
  const named = browser ?? '未知浏览器';
  // A space between Latin and Chinese words, as the names are written.
  return `${system} 上的${/^[A-Za-z]/.test(named) ? ' ' : ''}${named}`;
}

export type AddressKind = 'internal' | 'public' | 'unknown';
export const ADDRESS_KIND_LABELS: Record<AddressKind, string> = { internal: '内网地址', public: '公网地址', unknown: '未知地址' };

function ipv4Octets(address: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  const octets = match?.slice(1).map(Number);
  return octets && octets.every((o) => o <= 255) ? octets : null;
}

/** RFC 1918 private, loopback, link-local, carrier-grade NAT (RFC 6598) and "this network". */
function ipv4Internal([a, b]: number[]): boolean {
  return a === 10 || a === 127 || a === 0 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b! >= 64 && b! <= 127);
}

/** Whether an address (as the server saw it: IPv4, IPv6, IPv4-mapped IPv6) is an internal network's or a public one. */
export function addressKind(address: string): AddressKind {
  const plain = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1];
  const v4 = ipv4Octets(mapped ?? plain);
  if (v4) return ipv4Internal(v4) ? 'internal' : 'public';
  if (!/^[0-9a-f:]+$/.test(plain) || !plain.includes(':') || (plain.match(/::/g)?.length ?? 0) > 1) return 'unknown';
  if (plain === '::1' || plain === '::') return 'internal';
  const first = plain.startsWith('::') ? 0 : parseInt(plain.split(':')[0]!, 16);
  // fc00::/7 unique local, fe80::/10 link-local.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 ? 'internal' : 'public';
}

export interface ClientDescription {
  /** 'Windows 上的 Chrome 浏览器'. */
  device: string;
  /** '10.1.2.3（内网地址）'; '未知地址' when there is none to show. */
  address: string;
  /** '2026-11-27 07:40:01（刚刚）'. */
  time: string;
  /** One sentence of all three: 'Windows 上的 Chrome 浏览器，内网地址 10.1.2.3，刚刚发起登录'. */
  summary: string;
}

export function describeClient(client: { userAgent: string; clientIp: string; requestedAt: DateInput }, now: Date | number = Date.now()): ClientDescription {
  const device = describeUserAgent(client.userAgent);
  const kind = ADDRESS_KIND_LABELS[addressKind(client.clientIp)];
  const known = client.clientIp.trim() !== '' && kind !== ADDRESS_KIND_LABELS.unknown;
  const when = relativeTime(client.requestedAt, now);
  return {
    device,
    address: known ? `${client.clientIp}（${kind}）` : kind,
    time: `${formatDateTime(client.requestedAt)}（${when}）`,
    summary: `${device}，${known ? `${kind} ${client.clientIp}` : kind}，${when}发起登录`,
  };
}
