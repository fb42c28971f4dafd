import { describe, expect, it } from 'vitest';
import { decodeCsv } from './csv-text';

const gbk = (text: string) => {
  // GB18030 bytes of the few characters used below (no encoder in TextEncoder for it).
  const table: Record<string, number[]> = { 账: [0xd5, 0xcb], 号: [0xba, 0xc5], 户: [0xbb, 0xa7], 名: [0xc3, 0xfb], 称: [0xb3, 0xc6], 金: [0xbd, 0xf0], 额: [0xb6, 0xee], 华: [0xbb, 0xaa], 夏: [0xcf, 0xc4] };
  return Uint8Array.from([...text].flatMap((c) => table[c] ?? [c.charCodeAt(0)]));
};

describe('decodeCsv', () => {
  it('reads UTF-8 with or without a byte-order mark', () => {
    const utf8 = new TextEncoder().encode('账号,金额');
    expect(decodeCsv(utf8)).toBe('账号,金额');
    expect(decodeCsv(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toBe('账号,金额');
  });
  it('falls back to GBK for files Excel saved on Chinese Windows', () => {
    expect(decodeCsv(gbk('账号,账户名称,金额\r\n1,华夏,2'))).toBe('账号,账户名称,金额\r\n1,华夏,2');
  });
});
