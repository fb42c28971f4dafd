import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, EXPORT_COLUMNS, exportRow } from './export-workbook';
import { apiRow } from './test-rows';

describe('API list export', () => {
  const locked = apiRow({ apiId: 2, apiCode: 'GW_API_PAGE', contractId: 'GW_API_PAGE', isEncrypt: 1, locks: { status: '网关管理接口不可停用' } });

  it('writes flags in words, the source and the lock reasons', () => {
    expect(exportRow(locked)).toMatchObject({
      apiCode: 'GW_API_PAGE',
      source: '本服务',
      status: '启用',
      isAuth: '鉴权',
      isOpen: '不开放',
      isEncrypt: '加密',
      isAra: '不防重放',
      locks: '启用：网关管理接口不可停用',
    });
    expect(exportRow(apiRow({ status: 0 }))).toMatchObject({ source: '外部', status: '停用', locks: '' });
  });

  it('builds an xlsx with a header row and one row per definition', async () => {
    const blob = await buildWorkbook([apiRow(), locked]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.getWorksheet('API列表');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).getCell(1).value).toBe(EXPORT_COLUMNS[0]?.header);
    expect(sheet?.getRow(2).getCell(5).value).toBe('/ext/partner/quote');
    expect(sheet?.getRow(3).getCell(7).value).toBe('启用');
  });
});
