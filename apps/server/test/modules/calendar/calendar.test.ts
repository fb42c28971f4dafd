import { beforeAll, describe, expect, it } from 'vitest';
import { calendarApi, type CalendarDayRecord, type CalendarImportResult } from '@portal/shared';
import { DEMO_CALENDAR } from '../../../src/seed/calendar-seed';
import { serverUnderTest } from '../../helpers/server-under-test';

const api = calendarApi;
type Year = { year: number; days: CalendarDayRecord[] };

describe('business calendar (工作日历)', () => {
  const LOGINS = { staff: 'cal.staff', exec: 'custexec', customer: 'qyadmin' };
  const { db, get, ok, refused, audits, addLogin } = serverUnderTest({}, { logins: LOGINS });
  const year = async (y: number, who = 'staff') => {
    const { res, json, data } = await get(api.calendarYear, { year: y }, who);
    expect(res.statusCode, json.returnMsg).toBe(200);
    return data as Year;
  };
  const marks = async (y: number) => JSON.stringify((await year(y)).days.map((d) => [d.date, d.kind, d.name]));
  const csv = (text: string, y: number, preview = false, fileName = 'calendar.csv') => ({ year: y, preview, fileName, content: Buffer.from(text, 'utf8').toString('base64') });
  const importYear = (body: ReturnType<typeof csv>) => ok<CalendarImportResult>(api.calendarImport, body, 'staff');

  beforeAll(async () => {
    await addLogin('cal.staff', 'S900000181', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
  });

  it('lists the demo schedule of a year by date', async () => {
    const days = (await year(2026)).days;
    expect(days.map((d) => d.date)).toEqual(DEMO_CALENDAR.filter((d) => d.date.startsWith('2026')).map((d) => d.date));
    expect(days.find((d) => d.date === '2026-02-14')).toMatchObject({ kind: 'workday', name: '春节调休上班' });
    expect((await year(2031)).days).toEqual([]);
  });

  it('marks and clears one day, audited, and refuses a kind the weekday cannot have', async () => {
    await ok(api.calendarDaySave, { date: '2031-06-02', kind: 'exchangeClosed', name: '台风停市' }, 'staff');
    await ok(api.calendarDaySave, { date: '2031-06-02', kind: 'holiday', name: '端午节' }, 'staff');
    expect((await year(2031)).days).toMatchObject([{ date: '2031-06-02', kind: 'holiday', name: '端午节', updatedBy: 'cal.staff' }]);
    const saved = (await audits('calendar.day.save')).at(-1)!;
    expect(saved.outcome).toBe('success');
    expect(saved.detail).toMatchObject({ date: '2031-06-02', before: { kind: 'exchangeClosed' }, after: { kind: 'holiday', name: '端午节' } });

    // 2031-06-02 is a Monday, 2031-06-07 a Saturday.
    await refused(api.calendarDaySave, { date: '2031-06-03', kind: 'workday', name: '调休' }, 'staff', 400, '调休上班日须为周六或周日');
    await refused(api.calendarDaySave, { date: '2031-06-07', kind: 'exchangeClosed', name: '休市' }, 'staff', 400, '交易所休市日须为周一至周五（周末本就休市）');
    await refused(api.calendarDaySave, { date: '2031-02-30', kind: 'holiday', name: 'x' }, 'staff', 400, '日期须为有效日期（yyyy-MM-dd）');
    await refused(api.calendarDaySave, { date: '2031-06-04', kind: 'holiday', name: '' }, 'staff', 400, '请输入名称');
    await refused(api.calendarDaySave, { date: '2031-06-04', kind: 'weekend', name: 'x' }, 'staff', 400, '日期类型须为节假日、调休上班或交易所休市');
    expect(await marks(2031)).toBe(JSON.stringify([['2031-06-02', 'holiday', '端午节']]));

    await ok(api.calendarDayClear, { date: '2031-06-02' }, 'staff');
    expect((await year(2031)).days).toEqual([]);
    await refused(api.calendarDayClear, { date: '2031-06-02' }, 'staff', 400, '该日期未设置，已按周一至周五为工作日处理');
    expect((await audits('calendar.day.clear')).map((a) => a.outcome)).toEqual(['success', 'failure']);
  });

  it('imports a year from CSV all or nothing: a preview writes nothing, one bad row rejects the file', async () => {
    const good = '日期,类型,名称\n2032-01-01,节假日,元旦\n2032-01-04,调休上班,元旦调休上班\n"2032-07-05",交易所休市,"台风停市"\n';
    const preview = await importYear(csv(good, 2032, true));
    expect(preview).toMatchObject({ outcome: 'valid', rowCount: 3, holidays: 1, workdays: 1, exchangeClosures: 1, errors: [] });
    expect((await year(2032)).days).toEqual([]);

    const bad = `${good}2032-01-05,调休上班,周一\n2031-12-31,节假日,跨年\n2032-01-01,节假日,重复\n2032-13-01,节假日,x\n2032-02-01,休息,x\n2032-02-02,节假日\n`;
    const rejected = await importYear(csv(bad, 2032));
    expect(rejected.outcome).toBe('rejected');
    expect(rejected.errors).toEqual([
      { rowNo: 5, reason: '调休上班日须为周六或周日' },
      { rowNo: 6, reason: '日期须在2032年内' },
      { rowNo: 7, reason: '文件中日期重复（与第2行相同）' },
      { rowNo: 8, reason: '日期须为有效日期（yyyy-MM-dd）' },
      { rowNo: 9, reason: '类型须为节假日、调休上班或交易所休市' },
      { rowNo: 10, reason: '格式错误：每行应为“日期,类型,名称”三列' },
    ]);
    expect((await year(2032)).days).toEqual([]);
    expect((await audits('calendar.import')).at(-1)!.outcome).toBe('failure');

    await ok(api.calendarDaySave, { date: '2032-03-01', kind: 'holiday', name: '旧标记' }, 'staff');
    const imported = await importYear(csv(`\uFEFF${good}`, 2032));
    expect(imported).toMatchObject({ outcome: 'imported', rowCount: 3 });
    // The file replaces the year: the earlier mark is gone.
    expect(await marks(2032)).toBe(JSON.stringify([['2032-01-01', 'holiday', '元旦'], ['2032-01-04', 'workday', '元旦调休上班'], ['2032-07-05', 'exchangeClosed', '台风停市']]));
    expect((await audits('calendar.import')).at(-1)!.outcome).toBe('success');
  });

  it('refuses a file without the header or rows, and another format', async () => {
    await refused(api.calendarImport, csv('2032-01-01,节假日,元旦\n', 2033), 'staff', 400, '文件首行须为表头“日期,类型,名称”');
    await refused(api.calendarImport, csv('日期,类型,名称\n\n', 2033), 'staff', 400, '文件中没有数据行');
    await refused(api.calendarImport, csv('日期,类型,名称\n', 2033, false, 'calendar.xlsx'), 'staff', 400);
    expect((await year(2033)).days).toEqual([]);
  });

  it('is for staff who keep the calendar only', async () => {
    expect((await get(api.calendarYear, { year: 2026 }, 'exec')).res.statusCode).toBe(403);
    await refused(api.calendarDaySave, { date: '2034-01-02', kind: 'holiday', name: 'x' }, 'customer', 403);
    await refused(api.calendarImport, csv('日期,类型,名称\n2034-01-02,节假日,x\n', 2034), 'exec', 403);
    const left = await db().selectFrom('business_calendar_days').select('day').where('day', 'like', '2034-%').execute();
    expect(left).toEqual([]);
  });
});
