import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditConfirmationsApi as api } from '@portal/shared';
import { serverUnderTest } from '../../helpers/server-under-test';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/verify-evidence.sh');

type Record = api.ConfirmationRecord;
interface Manifest {
  kind: string;
  confirmationNo: string;
  auditor: { name: string; firm: string };
  balanceDate: string;
  accounts: { accountNo: string; balanceAtDate: string | null; statement: { closing: string | null; entries: unknown[] } }[];
}

describe('询证函', () => {
  const { app, client, db, asUser, call, ok, refused, addLogin } = serverUnderTest({}, { logins: { admin: 'qyadmin', other: 'ac.other', maker: 'ac.maker' } });
  let tmp: string;

  /** Unpacks a zip into a new directory and runs the verify script on it. */
  async function unpackAndVerify(body: Buffer) {
    const zip = await JSZip.loadAsync(body);
    const dir = await fs.mkdtemp(path.join(tmp, 'doc-'));
    for (const entry of Object.values(zip.files)) {
      if (entry.dir) continue;
      await fs.mkdir(path.dirname(path.join(dir, entry.name)), { recursive: true });
      await fs.writeFile(path.join(dir, entry.name), await entry.async('nodebuffer'));
    }
    const { stdout } = await run('sh', [SCRIPT, dir]);
    return { verdict: stdout, manifest: JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest };
  }
  /** The auditor's browser: no login, no envelope headers. */
  const open = (linkPath: string) => app().inject({ method: 'GET', url: linkPath });
  const issue = (accountNos: string[], over: object = {}) =>
    ok<{ record: Record; linkPath: string }>(api.confirmationIssue, { accountNos, periodStart: '2026-01-01', balanceDate: '2026-11-20', auditorName: '陈立华', auditorFirm: '普华永道中天会计师事务所', validDays: 7, ...over }, 'admin');

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'confirmation-'));
    await addLogin('ac.other', 'U100000291', '1000000002', ['CUSTOMER_ADMIN']);
    await addLogin('ac.maker', 'U100000191', '1000000001', ['CUSTOMER_MAKER']);
  });
  afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

  it('lists the seeded confirmations in each state, and makes a seeded one’s document on first download', async () => {
    const page = await ok<{ records: Record[]; total: number }>(api.confirmationQuery, { page: 1, limit: 10 }, 'admin');
    expect(new Set(page.records.map((r) => r.status))).toEqual(new Set(['active', 'expired', 'revoked']));
    const seeded = page.records.find((r) => r.status === 'active')!;
    const { data } = await call(api.confirmationDownload, { id: seeded.id }, 'admin');
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${(data as { ticket: string }).ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('admin')}` } });
    expect(file.statusCode).toBe(200);
    const { verdict, manifest } = await unpackAndVerify(file.rawPayload);
    expect(verdict).toBe('OK\n');
    expect(manifest.confirmationNo).toBe(seeded.confirmationNo);
    // Kept: the second download is the same bytes.
    const row = await db().selectFrom('audit_confirmations').select(['document', 'document_sm3']).where('id', '=', seeded.id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.document!)).toEqual(file.rawPayload);
  });

  it('issues a signed document behind a link an auditor opens without a login, each open audited', async () => {
    const accounts = await ok<{ accountNo: string }[]>(api.confirmationAccounts, {}, 'admin');
    expect(accounts.length).toBeGreaterThan(0);
    const { record, linkPath } = await issue(accounts.slice(0, 2).map((a) => a.accountNo));
    expect(record.status).toBe('active');
    expect(linkPath).toMatch(/^\/pmobile\/auditConfirmation\/open\?token=[0-9a-f]{64}$/);
    // The token is kept as its SM3 only.
    const stored = await db().selectFrom('audit_confirmations').select('token_sm3').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(linkPath).not.toContain(stored.token_sm3);

    const res = await open(linkPath);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const { verdict, manifest } = await unpackAndVerify(res.rawPayload);
    expect(verdict).toBe('OK\n');
    expect(manifest).toMatchObject({ kind: 'audit-confirmation', confirmationNo: record.confirmationNo, auditor: { name: '陈立华', firm: '普华永道中天会计师事务所' }, balanceDate: '2026-11-20' });
    expect(manifest.accounts.map((a) => a.accountNo)).toEqual(record.accountNos);
    for (const a of manifest.accounts) expect(a.balanceAtDate).toBe(a.statement.closing);
    await open(linkPath);
    const after = (await ok<{ records: Record[] }>(api.confirmationQuery, { page: 1, limit: 10 }, 'admin')).records.find((r) => r.id === record.id)!;
    expect(after.openCount).toBe(2);
    const opens = await db().selectFrom('audit_log').select(['outcome', 'detail', 'user_id']).where('event', '=', 'audit_confirmation.open').execute();
    expect(opens.filter((o) => (o.detail as { confirmationNo: string }).confirmationNo === record.confirmationNo && o.outcome === 'success')).toHaveLength(2);
  });

  it('answers a clear Chinese page for a wrong, revoked or expired link', async () => {
    const [account] = await ok<{ accountNo: string }[]>(api.confirmationAccounts, {}, 'admin');
    const wrong = await open('/pmobile/auditConfirmation/open?token=abc');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('询证函链接无效');

    const revoked = await issue([account!.accountNo]);
    const answer = await ok<Record>(api.confirmationRevoke, { id: revoked.record.id }, 'admin');
    expect(answer.status).toBe('revoked');
    const gone = await open(revoked.linkPath);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toContain('text/html');
    expect(gone.body).toContain('已被出具单位撤销');
    await refused(api.confirmationRevoke, { id: revoked.record.id }, 'admin', 400, '该询证函已撤销');

    const expired = await issue([account!.accountNo]);
    await db().updateTable('audit_confirmations').set({ expires_at: new Date(Date.now() - 1000), issued_at: new Date(Date.now() - 86_400_000) }).where('id', '=', expired.record.id).execute();
    const late = await open(expired.linkPath);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('过期');
    const failures = await db().selectFrom('audit_log').select('detail').where('event', '=', 'audit_confirmation.open').where('outcome', '=', 'failure').execute();
    expect(failures.map((f) => (f.detail as { status: string | null }).status)).toEqual(expect.arrayContaining([null, '已撤销', '已过期']));
  });

  it('refuses bad input, other enterprises’ accounts and confirmations, and seats without the authority', async () => {
    const [account] = await ok<{ accountNo: string }[]>(api.confirmationAccounts, {}, 'admin');
    await refused(api.confirmationIssue, { accountNos: [account!.accountNo], periodStart: '2026-01-01', balanceDate: '2026-11-20', auditorName: '陈立华', auditorFirm: '某所', validDays: 31 }, 'admin', 400, '有效期须为1到30天');
    await refused(api.confirmationIssue, { accountNos: [account!.accountNo], periodStart: '2026-11-21', balanceDate: '2026-11-20', auditorName: '陈立华', auditorFirm: '某所', validDays: 3 }, 'admin', 400, '期间开始日期不能晚于余额日期');
    await refused(api.confirmationIssue, { accountNos: [account!.accountNo], periodStart: '2026-01-01', balanceDate: '2026-11-20', auditorName: ' ', auditorFirm: '某所', validDays: 3 }, 'admin', 400, '请输入审计师姓名');
    const before = await db().selectFrom('audit_confirmations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    // Another enterprise's admin cannot name this one's account, nor see or revoke its confirmations.
    await refused(api.confirmationIssue, { accountNos: [account!.accountNo], periodStart: '2026-01-01', balanceDate: '2026-11-20', auditorName: '陈立华', auditorFirm: '某所', validDays: 3 }, 'other', 400, `账户${account!.accountNo}不是本企业的托管账户`);
    expect(await db().selectFrom('audit_confirmations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    const mine = (await ok<{ records: Record[] }>(api.confirmationQuery, { page: 1, limit: 1 }, 'admin')).records[0]!;
    expect((await ok<{ total: number }>(api.confirmationQuery, { page: 1, limit: 10 }, 'other')).total).toBe(0);
    await refused(api.confirmationRevoke, { id: mine.id }, 'other', 404);
    await refused(api.confirmationQuery, { page: 1, limit: 10 }, 'maker', 403);
    await refused(api.confirmationIssue, { accountNos: [account!.accountNo], periodStart: '2026-01-01', balanceDate: '2026-11-20', auditorName: '陈立华', auditorFirm: '某所', validDays: 3 }, 'maker', 403);
  });
});
