import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FLOOR_MESSAGES, RETURN_CODES, type ApiDefinition } from '@portal/shared';
import { syncReferenceData } from '../../../src/reference/sync';
import { externalApi } from '../../helpers/external-api';
import { waived } from '../../helpers/dual-control';
import { serverUnderTest } from '../../helpers/server-under-test';

const G = '/pmobile/gateway';
const P = '/pmobile/customer';

describe('the API gateway console (server)', () => {
  const LOGINS = { staff: 'admin', customer: 'checker' };
  const { app, client, db, asUser, call, get } = serverUnderTest({}, { logins: LOGINS, caller: 'staff', prepare: waived('9000000001') });

  beforeAll(async () => {
    await asUser('staff');
    await asUser('customer');
  });

  const byCode = async (code: string) => ((await get(`${G}/api`, { apiCode: code, limit: 10 })).json.data as { records: ApiDefinition[] }).records.find((r) => r.apiCode === code)!;

  it('lists the catalogue paged, filtered by contains-match in any letter case, with the floor locks', async () => {
    const page = await get(`${G}/api`, { page: 1, limit: 5 });
    expect(page.res.statusCode).toBe(200);
    const { records, total } = page.json.data as { records: ApiDefinition[]; total: number };
    expect(records).toHaveLength(5);
    expect(total).toBeGreaterThan(20);
    const found = (await get(`${G}/api`, { path: 'USERPASSWORD' })).json.data as { records: ApiDefinition[] };
    expect(found.records.map((r) => r.apiCode).sort()).toEqual(['USER_PASSWORD_FORCE_UPDATE', 'USER_PASSWORD_UPDATE']);
    expect(found.records[0]!.locks).toMatchObject({ isEncrypt: FLOOR_MESSAGES.encrypted, isAuth: FLOOR_MESSAGES.auth });
    const literal = (await get(`${G}/api`, { apiCode: '%' })).json.data as { total: number };
    expect(literal.total).toBe(0);
    const all = (await get(`${G}/api/all`, { serviceId: 'zctg-gateway' })).json.data as ApiDefinition[];
    expect(all.every((r) => r.serviceId === 'zctg-gateway' && r.locks.status === FLOOR_MESSAGES.gateway)).toBe(true);
  });

  it('adds, edits and removes a definition of a route served elsewhere, audited before and after', async () => {
    const added = await call(`${G}/api/add`, externalApi('EXT_QUOTE_A', '/ext/partner/quoteA'));
    expect(added.json.returnCode).toBe('000000');
    const row = added.data as ApiDefinition;
    expect(row).toMatchObject({ apiCode: 'EXT_QUOTE_A', contractId: null, locks: {} });

    const edited = await call(`${G}/api/update`, { ...externalApi('EXT_QUOTE_A', '/ext/partner/quoteB'), apiId: row.apiId, apiName: '行情报价' });
    expect(edited.data).toMatchObject({ apiName: '行情报价', path: '/ext/partner/quoteB' });

    expect((await call(`${G}/api/remove`, { apiId: row.apiId })).json.returnCode).toBe('000000');
    expect(await byCode('EXT_QUOTE_A')).toBeUndefined();
    const audit = await db().selectFrom('audit_log').selectAll().where('event', '=', 'gateway.api.update').execute();
    expect(audit.at(-1)?.detail).toMatchObject({ before: { path: '/ext/partner/quoteA' }, after: { path: '/ext/partner/quoteB' } });
  });

  it('refuses bad definitions with a clear message and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ path: '/ext/x/' }, '接口路径须以/开头'],
      [{ path: '/ext//x' }, '接口路径须以/开头'],
      [{ path: '/ext/./x' }, '接口路径须以/开头'],
      [{ path: '/ext/%41' }, '接口路径须以/开头'],
      [{ path: 'ext/x' }, '接口路径须以/开头'],
      [{ status: 2 }, '状态取值须为0或1'],
      [{ isEncrypt: '1' }, '是否加密取值须为0或1'],
      [{ priority: 1.5 }, '优先级须为整数'],
      [{ apiCode: 'A B' }, '接口编码只能包含字母、数字和下划线'],
      [{ apiCode: 'ADMIN_LOGIN' }, '接口编码已存在'],
      [{ path: '/admin/login/token' }, '接口路径已存在'],
    ];
    const before = (await get(`${G}/api`, { limit: 1 })).json.data as { total: number };
    for (const [change, message] of cases) {
      const res = await call(`${G}/api/add`, { ...externalApi('EXT_BAD', '/ext/bad'), ...change });
      expect(res.res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json.returnMsg, JSON.stringify(change)).toContain(message);
    }
    expect(((await get(`${G}/api`, { limit: 1 })).json.data as { total: number }).total).toBe(before.total);
  });

  it('holds the floor: each rule refused with a message naming it', async () => {
    const login = await byCode('ADMIN_LOGIN');
    const keyList = await byCode('INITIAL_API_LIST');
    const password = await byCode('USER_PASSWORD_UPDATE');
    const gateway = await byCode('GW_API_PAGE');
    const reminder = await byCode('MESSAGE_REMINDER');
    const update = (row: ApiDefinition, change: Partial<ApiDefinition>) => {
      const { contractId: _c, locks: _l, ...fields } = { ...row, ...change };
      return call(`${G}/api/update`, fields);
    };
    const refusals: [Promise<{ json: { returnMsg: string } }>, string][] = [
      [update(login, { status: 0 }), FLOOR_MESSAGES.startup],
      [update(keyList, { isEncrypt: 1 }), FLOOR_MESSAGES.plaintext],
      [update(password, { isEncrypt: 0 }), FLOOR_MESSAGES.encrypted],
      [update(login, { isEncrypt: 0 }), FLOOR_MESSAGES.encrypted],
      [update(gateway, { status: 0 }), FLOOR_MESSAGES.gateway],
      [update(reminder, { isAuth: 0 }), FLOOR_MESSAGES.auth],
      [update(reminder, { path: '/customer/elsewhere' }), '由接口契约决定'],
      [call(`${G}/api/remove`, { apiId: reminder.apiId }), '本服务的接口不可删除，如需停用请将状态设为0'],
      [call(`${G}/api/batch/update/status`, { ids: `${reminder.apiId},${login.apiId}`, status: 0 }), FLOOR_MESSAGES.startup],
      [call(`${G}/api/batch/update/auth`, { ids: String(reminder.apiId), auth: 0 }), FLOOR_MESSAGES.auth],
      // Key negotiation and the list come before any key: a signature requirement would lock everyone out.
      [update(keyList, { isAra: 1 }), FLOOR_MESSAGES.plaintext],
      [call(`${G}/api/batch/update/status`, { ids: String((await byCode('SYSTEM_HEALTH')).apiId), status: 0 }), FLOOR_MESSAGES.exempt],
      [call(`${G}/api/batch/update/encrypts`, { ids: String((await byCode('CAPTCHA_CREATE')).apiId), encrypt: 1 }), FLOOR_MESSAGES.plaintext],
      [call(`${G}/api/batch/update/encrypts`, { ids: String((await byCode('FILE_DOWNLOAD')).apiId), encrypt: 1 }), FLOOR_MESSAGES.plaintext],
    ];
    for (const [call, message] of refusals) expect((await call).json.returnMsg).toContain(message);
    // All or nothing: the reminder, first in that batch, was not disabled.
    expect((await byCode('MESSAGE_REMINDER')).status).toBe(1);
    expect((await byCode('ADMIN_LOGIN')).status).toBe(1);
  });

  it('keeps the floor at start-up: an override a newer contract forbids is dropped, and an unchanged sync moves no version', async () => {
    // As if staff had switched encryption off (and opened it to partners) before a release pinned
    // this operation encrypted and kept it from partners: both overrides go.
    await db().updateTable('api_definitions').set({ is_encrypt: 0, overrides: JSON.stringify({ is_encrypt: 0, is_open: 1 }), is_open: 1 }).where('contract_id', '=', 'USER_PASSWORD_UPDATE').execute();
    await syncReferenceData(app().stores.database, app().config);
    const row = await db().selectFrom('api_definitions').selectAll().where('contract_id', '=', 'USER_PASSWORD_UPDATE').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_encrypt: 1, is_open: 0, overrides: {} });
    // An override the floor allows stays.
    await db().updateTable('api_definitions').set({ overrides: JSON.stringify({ is_open: 1 }), is_open: 1 }).where('contract_id', '=', 'ACCOUNT_QUERY_INFO').execute();
    await syncReferenceData(app().stores.database, app().config);
    const kept = await db().selectFrom('api_definitions').select(['is_open', 'overrides']).where('contract_id', '=', 'ACCOUNT_QUERY_INFO').executeTakeFirstOrThrow();
    expect(kept).toEqual({ is_open: 1, overrides: { is_open: 1 } });
    const version = async () => Number((await db().selectFrom('api_catalogue_state').select('version').executeTakeFirstOrThrow()).version);
    const before = await version();
    await syncReferenceData(app().stores.database, app().config);
    expect(await version()).toBe(before);
  });

  it('refuses malformed batch ids', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    const cases: [unknown, string][] = [
      ['', '请选择要操作的接口'],
      ['1,a', '接口编号须为以逗号分隔的正整数'],
      ['1,-2', '接口编号须为以逗号分隔的正整数'],
      ['3,3', '接口编号不能重复'],
      [many, '一次最多操作1000个接口'],
      ['999999', '接口不存在：编号999999'],
      [12, '请选择要操作的接口'],
    ];
    for (const [ids, message] of cases) {
      const res = await call(`${G}/api/batch/update/open`, { ids, open: 1 });
      expect(res.res.statusCode, String(ids).slice(0, 20)).toBe(400);
      expect(res.json.returnMsg).toContain(message);
    }
  });

  it('enforces what staff set from the next call on: disabled, re-enabled, encrypted', async () => {
    const reminder = await byCode('MESSAGE_REMINDER');
    const remind = () => call(`${P}/query/message/reminder`, {}, 'customer');
    expect((await remind()).json.returnCode).toBe('000000');

    expect((await call(`${G}/api/batch/update/status`, { ids: String(reminder.apiId), status: 0 })).data).toEqual({ changed: 1 });
    const refused = await remind();
    expect(refused.res.statusCode).toBe(403);
    expect(refused.json.returnMsg).toBe('接口已停用');
    const row = await db().selectFrom('api_definitions').select('overrides').where('api_id', '=', reminder.apiId).executeTakeFirstOrThrow();
    expect(row.overrides).toEqual({ status: 0 });

    await call(`${G}/api/batch/update/status`, { ids: String(reminder.apiId), status: 1 });
    expect((await remind()).json.returnCode).toBe('000000');
    const back = await db().selectFrom('api_definitions').select('overrides').where('api_id', '=', reminder.apiId).executeTakeFirstOrThrow();
    expect(back.overrides).toEqual({});

    const plainEcho = await byCode('PLAIN_ECHO');
    const echo = () => app().inject({ method: 'POST', url: '/pmobile/base/app/echoPlain', payload: { payload: 'x' }, headers: client().envelope.headers });
    expect((await echo()).statusCode).toBe(200);
    await call(`${G}/api/batch/update/encrypts`, { ids: String(plainEcho.apiId), encrypt: 1 });
    expect((await echo()).json().returnCode).toBe(RETURN_CODES.PLAINTEXT_REFUSED.code);
    await call(`${G}/api/batch/update/encrypts`, { ids: String(plainEcho.apiId), encrypt: 0 });
  });

  it('tells a client whose API list is older than the catalogue to refetch it', async () => {
    const list = await app().inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: client().envelope.headers });
    const version = Number(list.headers['x-api-version']);
    expect(version).toBeGreaterThan(0);
    const echo = (v: number) =>
      app().inject({ method: 'POST', url: '/pmobile/base/app/echoPlain', payload: { payload: 'x' }, headers: { ...client().envelope.headers, 'x-api-version': String(v) } });
    expect((await echo(version)).statusCode).toBe(200);
    const row = await byCode('ACCOUNT_QUERY_BY_NO');
    await call(`${G}/api/batch/update/open`, { ids: String(row.apiId), open: 1 });
    const stale = await echo(version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().returnCode).toBe(RETURN_CODES.API_LIST_STALE.code);
    const fresh = Number((await app().inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: client().envelope.headers })).headers['x-api-version']);
    expect(fresh).toBeGreaterThan(version);
    expect((await echo(fresh)).statusCode).toBe(200);
  });

  it('counts calls and errors per operation, today and over the last 7 days', async () => {
    type Count = { apiCode: string; today: { calls: number; errors: number }; last7Days: { calls: number; errors: number } };
    const countOf = async (code: string) => ((await call(`${P}/gateway/count`, {})).data as Count[]).find((c) => c.apiCode === code)!;
    const before = await countOf('DICT_BY_NAME');
    const lookUp = (codes: unknown) => call('/pmobile/trans/frontEndComponents/getDictionaryStandardByName', { codes }, 'customer');
    await lookUp(['accountNo']);
    await lookUp(['accountNo']);
    await lookUp([]);
    const after = await countOf('DICT_BY_NAME');
    expect(after.today.calls - before.today.calls).toBe(3);
    expect(after.today.errors - before.today.errors).toBe(1);
    expect(after.last7Days.calls).toBeGreaterThanOrEqual(after.today.calls);
    expect((await call(`${P}/gateway/count`, {}, 'customer')).res.statusCode).toBe(403);
  });

  it('does not reload the catalogue for every request that claims a newer list', async () => {
    const reload = vi.spyOn(app().apiRegistry, 'reload');
    const claims = Array.from({ length: 20 }, () =>
      app().inject({ method: 'POST', url: '/pmobile/base/app/echoPlain', payload: { payload: 'x' }, headers: { ...client().envelope.headers, 'x-api-version': '999999999' } }),
    );
    for (const res of await Promise.all(claims)) expect(res.statusCode).toBe(200);
    expect(reload).not.toHaveBeenCalled();
    reload.mockRestore();
  });

  it('lists in the partner document exactly the enabled definitions open to partners, from the live catalogue', async () => {
    const document = async () => (await get(`${G}/api/partner/openapi`)).json.data as { openapi: string; paths: Record<string, Record<string, { operationId: string; parameters?: { name: string }[] }>> };
    const added = (await call(`${G}/api/add`, externalApi('EXT_PARTNER_DOC', '/ext/partner/doc'))).data as ApiDefinition;
    const reminder = await byCode('INSTRUCTION_QUERY');
    const users = await byCode('ACCOUNT_QUERY_INFO');
    expect((await call(`${G}/api/batch/update/open`, { ids: `${reminder.apiId},${users.apiId}`, open: 1 })).json.returnCode).toBe('000000');

    const open = await document();
    expect(open.openapi).toMatch(/^3\./);
    expect(open.paths['/ext/partner/doc']?.post?.operationId).toBe('EXT_PARTNER_DOC');
    expect(open.paths[reminder.path]?.post?.operationId).toBe('INSTRUCTION_QUERY');
    expect(open.paths[users.path]?.post?.operationId).toBe('ACCOUNT_QUERY_INFO');
    // Closed and disabled definitions are not listed.
    expect(open.paths['/customer/current/user']).toBeUndefined();
    expect(open.paths['/partner/bond/quote']).toBeUndefined();

    await call(`${G}/api/batch/update/open`, { ids: `${reminder.apiId},${users.apiId}`, open: 0 });
    await call(`${G}/api/batch/update/status`, { ids: String(added.apiId), status: 0 });
    const closed = await document();
    expect(Object.keys(closed.paths)).not.toContain(reminder.path);
    expect(Object.keys(closed.paths)).not.toContain('/ext/partner/doc');
    await call(`${G}/api/remove`, { apiId: added.apiId });
  });

  it('refuses customer sessions on every gateway call', async () => {
    for (const path of ['/api', '/api/all', '/api/partner/openapi']) expect((await get(`${G}${path}`, {}, 'customer')).res.statusCode).toBe(403);
    for (const path of ['/api/add', '/api/update', '/api/remove', '/api/batch/remove', '/api/batch/update/open', '/api/batch/update/status', '/api/batch/update/encrypts', '/api/batch/update/auth']) {
      expect((await call(`${G}${path}`, {}, 'customer')).res.statusCode, path).toBe(403);
    }
  });
});
