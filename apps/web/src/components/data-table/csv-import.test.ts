import { validateAmount } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv, readCsvFile, type CsvColumn } from './csv-import';

const columns: CsvColumn[] = [
  { key: 'accountNo', title: '账号', required: true, validate: (v) => (/^\d{10,32}$/.test(v) ? null : '账号应为10到32位数字') },
  { key: 'accountName', title: '账户名称', required: true },
  { key: 'amount', title: '金额', validate: validateAmount },
];

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

describe('parseCsv', () => {
  it('maps columns by header title in any order, trims cells and numbers rows like Excel', () => {
    const text = '金额,账户名称,账号,备注\r\n1000.50, 华夏远航稳健1号 ,6228480012345678901,x\r\n,,,\r\n0,中泰安盛,1000000001,\r\n';
    expect(parseCsv(text, columns)).toEqual({
      fileErrors: [],
      rows: [
        { line: 2, values: { accountNo: '6228480012345678901', accountName: '华夏远航稳健1号', amount: '1000.50' }, errors: [] },
        { line: 4, values: { accountNo: '1000000001', accountName: '中泰安盛', amount: '0' }, errors: [] },
      ],
    });
  });

  it('accepts column keys as headers and quoted cells with commas and line breaks', () => {
    const { rows } = parseCsv('accountNo,accountName\n1000000001,"华夏,远航\n二号"\n', columns.slice(0, 2));
    expect(rows[0]?.values.accountName).toBe('华夏,远航\n二号');
    expect(rows[0]?.errors).toEqual([]);
  });

  it('reports every problem of a row: required, value checks and width', () => {
    const text = '账号,账户名称,金额\n6.22848E+18,,01.5\n1000000001,东方精密,12.345,多余\n';
    const { rows, fileErrors } = parseCsv(text, columns);
    expect(fileErrors).toEqual([]);
    expect(rows[0]).toMatchObject({
      line: 2,
      errors: ['账号：账号应为10到32位数字', '账户名称不能为空！', '金额：金额格式不合法（最大17位整数和2位小数）'],
    });
    expect(rows[1]?.errors).toEqual(['列数与表头不一致（应为3列，实为4列）', '金额：金额格式不合法（最大17位整数和2位小数）']);
  });

  it('reports an unclosed quote on its row', () => {
    const { rows } = parseCsv('账号,账户名称,金额\n1000000001,"华夏,1\n', columns);
    expect(rows[0]?.errors[0]).toBe('引号未闭合');
  });

  it('refuses a file without the expected columns or without data', () => {
    expect(parseCsv('账号,名称\n1,2\n', columns).fileErrors).toEqual(['缺少列：账户名称、金额']);
    expect(parseCsv('', columns).fileErrors).toEqual(['文件中没有数据']);
    expect(parseCsv('账号,账户名称,金额\r\n\r\n', columns)).toEqual({ rows: [], fileErrors: ['文件中没有数据'] });
  });
});

describe('readCsvFile', () => {
  it('reads a browser File', async () => {
    const file = new File(['\uFEFF账号,账户名称,金额\n1000000001,华夏远航,5\n'], 'accounts.csv', { type: 'text/csv' });
    const { rows } = await readCsvFile(file, columns);
    expect(rows.map((r) => r.values.accountName)).toEqual(['华夏远航']);
  });
});
