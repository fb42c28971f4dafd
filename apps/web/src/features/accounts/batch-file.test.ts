import { describe, expect, it } from 'vitest';
import { previewBatch, withServerReasons } from './batch-file';

describe('previewBatch', () => {
  it('skips a header line and blank lines, numbering rows by their line in the file', () => {
    const { rows, rowCount, fileError } = previewBatch('账号,别名\r\n100000000001,一号\r\n\r\n 100000000002 , \r\n');
    expect(fileError).toBeNull();
    expect(rowCount).toBe(2);
    expect(rows).toEqual([
      { rowNo: 2, accountNo: '100000000001', alias: '一号', reason: null },
      { rowNo: 4, accountNo: '100000000002', alias: '', reason: null },
    ]);
  });
  it('reads a file without a header', () => {
    expect(previewBatch('100000000001\n100000000002,二号').rows.map((r) => r.rowNo)).toEqual([1, 2]);
  });
  it('marks bad formats and numbers repeated in the file', () => {
    const { rows } = previewBatch('账号\n12345\n100000000001\n100000000001\n1000000000x1\n100000000002,别名,多余');
    expect(rows.map((r) => r.reason)).toEqual([
      '账号格式不正确，须为12到22位数字',
      null,
      '文件中账号重复（与第3行相同）',
      '账号格式不正确，须为12到22位数字',
      '格式错误：每行应为“账号,别名”两列',
    ]);
  });
  it('refuses an empty file', () => expect(previewBatch('账号,别名\n\n').fileError).toBe('文件中没有账户数据'));
});

describe('withServerReasons', () => {
  it('puts each reason on its line', () => {
    const rows = previewBatch('账号\n100000000001\n100000000002').rows;
    expect(withServerReasons(rows, [{ rowNo: 3, accountNo: '100000000002', reason: '账户已添加' }]).map((r) => r.reason)).toEqual([null, '账户已添加']);
  });
});
