import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA } from '../../helpers/login-client';
import { serverUnderTest } from '../../helpers/server-under-test';

const P = '/pmobile/customer';
const CHANGE = `${P}/userPassword/update`;
const FORCE = `${P}/userPassword/force/update`;
/** Every demo login (docs: demo logins) with its password. */
const DEMO_LOGINS: [string, string][] = [
  ['demo', 'Demo1234'],
  ['checker', 'Demo1234'],
  ['qyadmin', 'Demo1234'],
  ['tpconfirm', 'Demo1234'],
  ['tpreview', 'Demo1234'],
  ['ztreview', 'Demo1234'],
  ['custcheck', 'Admin1234'],
  ['custexec', 'Admin1234'],
  ['admin', 'Admin1234'],
];

interface Page {
  total: number;
  records: { event: string; outcome: string; username: string | null; enterpriseNo: string | null; enterpriseName: string | null; reason: string | null; signature: string | null; device: string | null; deviceName: string | null; clientIp: string; details: { label: string; value: string; before?: string }[] }[];
}

describe('the audit log viewer', () => {
  const { app, client, db, asUser, call } = serverUnderTest();
  /** Every secret this suite sent or was given: none may reach the log. */
  const secrets = new Set<string>([TEST_CAPTCHA, ...DEMO_LOGINS.map(([, p]) => p), 'Init1234']);

  beforeAll(async () => {
    // The log fills as in use: every demo login, wrong passwords, a forced change, a dialog change, a logout.
    for (const [username, password] of DEMO_LOGINS) {
      const token = await asUser(username, password);
      secrets.add(token).add(`${username}:${token}`);
    }
    await client().attempt('demo', 'Wrong9876');
    secrets.add('Wrong9876');
    const { data } = await client().attempt('newuser', 'Init1234');
    const changeTicket = (data as { changeTicket: string }).changeTicket;
    secrets.add(changeTicket).add('Newu12345');
    await client().envelope.post(FORCE, { username: 'newuser', changeTicket, ...(await client().changeFields('Init1234', 'Newu12345')) });
    const { confirmPassword, ...fields } = await client().changeFields('Demo1234', 'Zt2024abc');
    secrets.add('Zt2024abc');
    expect((await call(CHANGE, { username: 'ztreview', ...fields, newPasswordConfirm: confirmPassword }, 'ztreview')).json.returnCode).toBe('000000');
    await call('/logout', {}, 'checker');
  });

  const query = async (who: string, filters: Record<string, unknown> = {}) => {
    const { json, data } = await call('/auditLog/query', { page: 1, limit: 100, ...filters }, who);
    expect(json.returnCode, json.returnMsg).toBe('000000');
    return data as Page;
  };

  it('never holds a password, token, change ticket or captcha answer', async () => {
    const rows = await db().selectFrom('audit_log').selectAll().execute();
    expect(rows.length).toBeGreaterThan(DEMO_LOGINS.length);
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
  });

  it('shows staff every entry, with labels, reasons, address and the signature of signed operations', async () => {
    const all = await query('admin');
    expect(all.total).toBeGreaterThanOrEqual(DEMO_LOGINS.length + 3);
    expect(all.records.some((r) => r.enterpriseNo === '1000000001') && all.records.some((r) => r.enterpriseNo === '9000000001')).toBe(true);
    const failed = (await query('admin', { username: 'demo', outcome: 'failure', event: 'login' })).records;
    expect(failed[0]).toMatchObject({ username: 'demo', outcome: 'failure', reason: expect.any(String) });
    const change = (await query('admin', { event: 'password.change' })).records;
    expect(change[0]).toMatchObject({ username: 'ztreview', outcome: 'success', signature: 'PasswordModify', device: expect.stringMatching(/^[0-9a-f]{18}$/) });
    expect(change[0]!.clientIp).not.toBe('');
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await query('admin', { dateFrom: today, dateTo: today })).total).toBe(all.total);
    expect((await query('admin', { dateTo: '2020-01-01' })).total).toBe(0);
  });

  it('names every action and labels every detail: no raw code, role code or JSON', async () => {
    const { records } = await query('admin');
    for (const record of records) {
      const text = JSON.stringify(record.details.map((d) => [d.label, d.before ?? '', d.value]));
      expect(text, record.event).not.toMatch(/CUSTOMER_|STAFF_|\\"|\{/);
    }
    const forced = (await query('admin', { event: 'password.force_change' })).records[0]!;
    expect(forced.details).toEqual([]);
    // Only actions the log knows can be asked for.
    const bad = await call('/auditLog/query', { page: 1, limit: 10, event: 'user.edit' }, 'admin');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.json.returnMsg).toBe('操作类型不正确');
  });

  it("shows an enterprise administrator its own enterprise's entries only", async () => {
    const own = await query('qyadmin');
    expect(own.total).toBeGreaterThan(0);
    expect(new Set(own.records.map((r) => r.enterpriseNo))).toEqual(new Set(['1000000001']));
  });

  it('refuses users without the authority and bad filters', async () => {
    expect((await call('/auditLog/query', { page: 1, limit: 10 }, 'demo')).res.statusCode).toBe(403);
    const bad = await call('/auditLog/query', { page: 1, limit: 10, dateFrom: '2024/01/01' }, 'admin');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.json.returnMsg).toBe('日期格式应为YYYY-MM-DD');
  });

  it('exports the filtered entries as xlsx and records the export', async () => {
    const { json, data } = await call('/auditLog/download', { event: 'login' }, 'admin');
    expect(json.returnCode).toBe('000000');
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toMatch(/^操作日志_\d{8}\.xlsx$/);
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('admin')}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(5).value).toBe('操作');
    expect(sheet.actualRowCount).toBe((await query('admin', { event: 'login' })).total + 1);
    expect(sheet.getRow(2).getCell(5).value).toBe('登录');
    expect((await query('admin', { event: 'audit.download' })).total).toBe(1);
  });
});
