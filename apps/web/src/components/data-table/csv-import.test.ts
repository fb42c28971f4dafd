import { validateAmount } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { parseCsv, readCsvFile, type CsvColumn } from './csv-import';

const columns: CsvColumn[] = [
  { key: 'accountNo', title: '账号', required: true, validate: (v) => (/^\d{10,32}$/.test(v) ? null : '账号应为10到32位数字') },
  { key: 'accountName', title: '账户名称', required: true },
  { key: 'amount', title: '金额', validate: validateAmount },
];

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
