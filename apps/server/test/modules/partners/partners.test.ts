import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RETURN_CODES, type ApiDefinition, type PartnerClient } from '@portal/shared';
import { waived } from '../../helpers/dual-control';
import { serverUnderTest } from '../../helpers/server-under-test';

const G = '/pmobile/gateway';
const P = '/pmobile/customer';
const TOKEN = '/pmobile/auth/oauth/token';
const ENTERPRISE = '1000000001';
const RATE_LIMIT = 40;
const FAILURE_LIMIT = 5;

describe('partner access (client credentials)', () => {
  const logs: string[] = [];
  /** Every secret and token handed out here: none may reach the log. */
  const secrets: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const { app, client, db, asUser, call, get, addLogin } = serverUnderTest(
    { PARTNER_RATE_LIMIT: String(RATE_LIMIT), PARTNER_FAILURE_LIMIT: String(FAILURE_LIMIT) },
    // Opening calls to partners applies at once here (waived); test/modules/admin-changes holds it.
    { logStream, caller: 'admin', prepare: waived('9000000001') },
  );

  beforeAll(async () => {
    await asUser('admin');
  });

  const definition = async (code: string) =>
    ((await get(`${G}/api`, { apiCode: code, limit: 10 })).data as { records: ApiDefinition[] }).records.find((r) => r.apiCode === code)!;
  const setOpen = async (code: string, open: 0 | 1) => {
    const res = await call(`${G}/api/batch/update/open`, { ids: String((await definition(code)).apiId), open });
    expect(res.json.returnCode).toBe('000000');
  };
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  const requestToken = async (authorization: string | undefined, query = 'grant_type=client_credentials', remoteAddress = '127.0.0.1') => {
    const res = await app().inject({ method: 'POST', url: `${TOKEN}${query ? `?${query}` : ''}`, headers: authorization ? { authorization } : {}, remoteAddress });
    const json = res.json() as { returnCode: string; returnMsg: string; data: { access_token: string; token_type: string; expires_in: number; scope: string } | null };
    if (json.data) secrets.push(json.data.access_token);
    return { status: res.statusCode, json };
  };
  /** A client acting as `userNo` (demo's seat unless told: maker and administrator of ENTERPRISE). */
  const addClient = async (apiCodes: string[], enterpriseNo = ENTERPRISE, userNo: string | null = 'U100000101') => {
    const res = await call(`${G}/partner/client/add`, { clientName: '华夏远航估值系统', enterpriseNo, apiCodes, userNo });
    expect(res.json.returnCode).toBe('000000');
    const creds = res.data as { clientId: string; clientSecret: string };
    secrets.push(creds.clientSecret);
    return creds;
  };
  const partnerCall = (path: string, body: unknown, token: string) => client().envelope.post(path, body, { authorization: `Bearer ${token}` });

  it('issues a token for the right secret in our answer form, and 401 for an unknown client or a wrong secret', async () => {
    await setOpen('ACCOUNT_QUERY_INFO', 1);
    const { clientId, clientSecret } = await addClient(['ACCOUNT_QUERY_INFO']);
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const ok = await requestToken(basic(clientId, clientSecret));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ returnCode: '000000', data: { token_type: 'Bearer', expires_in: 7200, scope: 'ACCOUNT_QUERY_INFO' } });

    for (const auth of [basic(clientId, `${clientSecret}x`), basic('pc_nobody', clientSecret), undefined, 'Basic !!!']) {
      const refused = await requestToken(auth);
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({ returnCode: RETURN_CODES.PARTNER_CLIENT_INVALID.code, returnMsg: '合作方客户端认证失败', data: null });
    }
    for (const query of ['', 'grant_type=password']) {
      const bad = await requestToken(basic(clientId, clientSecret), query);
      expect(bad.status).toBe(400);
      expect(bad.json.returnMsg).toBe('grant_type须为client_credentials');
    }
    const audit = await db().selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'partner.token').execute();
    expect(audit.filter((a) => a.outcome === 'success')).toHaveLength(1);
    expect(audit.map((a) => (a.detail as { reason?: string }).reason)).toEqual(expect.arrayContaining(['wrong_secret', 'unknown_client', 'no_basic_credentials']));
  });

  it('reaches only open entries of its API set, scoped to its enterprise like a session of it', async () => {
    await setOpen('ACCOUNT_QUERY_INFO', 1);
    await setOpen('ACCOUNT_QUERY_ENTERPRISE_LIST', 1);
    const { clientId, clientSecret } = await addClient(['ACCOUNT_QUERY_INFO']);
    const token = (await requestToken(basic(clientId, clientSecret))).json.data!.access_token;

    const mine = await partnerCall(`${P}/account/queryAccountInfo`, { page: 1, limit: 100 }, token);
    expect(mine.json.returnCode).toBe('000000');
    const { records, total } = mine.data as { records: { enterpriseNo: string }[]; total: number };
    expect(total).toBeGreaterThan(0);
    expect(records.every((r) => r.enterpriseNo === ENTERPRISE)).toBe(true);
    expect(((await call(`${P}/account/queryAccountInfo`, { page: 1, limit: 100 }, 'demo')).data as { total: number }).total).toBe(total);

    // Open but not in its set; for staff only; an operation no partner may call.
    expect((await partnerCall(`${P}/account/queryEnterprsieList`, {}, token)).res.statusCode).toBe(403);
    expect((await client().envelope.get(`${P}/enterprise`, {}, { authorization: `Bearer ${token}` })).res.statusCode).toBe(403);
    expect((await partnerCall(`${P}/current/user/update`, { nickName: '合作方' }, token)).res.statusCode).toBe(403);
    // In its set, closed by staff: refused from the next call on.
    await setOpen('ACCOUNT_QUERY_INFO', 0);
    expect((await partnerCall(`${P}/account/queryAccountInfo`, { page: 1, limit: 10 }, token)).res.statusCode).toBe(403);
    await setOpen('ACCOUNT_QUERY_INFO', 1);
    // The envelope's rules hold for partners too: this path is sealed.
    const plain = await app().inject({ method: 'POST', url: `${P}/account/queryAccountInfo`, payload: { page: 1 }, headers: { ...client().envelope.headers, authorization: `Bearer ${token}` } });
    expect(plain.json()).toMatchObject({ returnCode: RETURN_CODES.PLAINTEXT_REFUSED.code });

    const denied = await db().selectFrom('audit_log').select('detail').where('event', '=', 'access.denied').execute();
    const reasons = denied.map((d) => d.detail as { partnerClientId?: string; reason?: string }).filter((d) => d.partnerClientId === clientId).map((d) => d.reason);
    expect(reasons).toEqual(['not_in_api_set', 'audience', 'not_partner_operation', 'not_open']);
    // Written once the answer has gone (onResponse), so the caller never waits on it.
    const calls = await vi.waitFor(async () => {
      const rows = await db().selectFrom('audit_log').select(['enterprise_no', 'username', 'user_id']).where('event', '=', 'partner.call').where('username', '=', clientId).execute();
      expect(rows).toHaveLength(6);
      return rows;
    });
    // Attributed to the client (username) acting as its seat's person.
    const { user_id: demoId } = await db().selectFrom('users').select('user_id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    expect(calls.every((c) => c.enterprise_no === ENTERPRISE && c.user_id === demoId)).toBe(true);
  });

  it('has a floor: only operations whose contract allows partners open, and every call passes its seat\'s authority', async () => {
    // Staff cannot open an operation the contract keeps from partners, one by one or in a batch.
    for (const code of ['USER_PERSON_MODIFY', 'INSTRUCTION_ADD', 'CURRENT_USER_UPDATE']) {
      const res = await call(`${G}/api/batch/update/open`, { ids: String((await definition(code)).apiId), open: 1 });
      expect(res.res.statusCode, code).toBe(400);
      expect(res.json.returnMsg).toBe(`${code}：接口契约未允许合作方调用，不可开放`);
    }
    // Opened behind the console's back, it still refuses a partner.
    await db().updateTable('api_definitions').set({ is_open: 1 }).where('api_code', '=', 'USER_PERSON_MODIFY').execute();
    await app().apiRegistry.reload();
    await setOpen('ACCOUNT_QUERY_INFO', 1);
    const { clientId, clientSecret } = await addClient(['ACCOUNT_QUERY_INFO', 'USER_PERSON_MODIFY']);
    const token = (await requestToken(basic(clientId, clientSecret))).json.data!.access_token;
    const grant = await partnerCall(`${P}/user/personModify`, { userNo: 'U100000102', accounts: [] }, token);
    expect(grant.res.statusCode).toBe(403);
    await db().updateTable('api_definitions').set({ is_open: 0 }).where('api_code', '=', 'USER_PERSON_MODIFY').execute();
    await app().apiRegistry.reload();

    // No seat chosen: no business call passes, with a message saying why.
    const seatless = await addClient(['ACCOUNT_QUERY_INFO'], ENTERPRISE, null);
    const seatlessToken = (await requestToken(basic(seatless.clientId, seatless.clientSecret))).json.data!.access_token;
    const refused = await partnerCall(`${P}/account/queryAccountInfo`, { page: 1 }, seatlessToken);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.json.returnMsg).toBe('合作方客户端未指定代理用户号，不能调用业务接口');
    // A seat without the operation's authority: refused as its person would be.
    await addLogin('partner.bare', 'U100000198', ENTERPRISE, []);
    const bare = await addClient(['ACCOUNT_QUERY_INFO'], ENTERPRISE, 'U100000198');
    const bareToken = (await requestToken(basic(bare.clientId, bare.clientSecret))).json.data!.access_token;
    expect((await partnerCall(`${P}/account/queryAccountInfo`, { page: 1 }, bareToken)).res.statusCode).toBe(403);
    // The seat must be a customer seat of the client's own enterprise.
    for (const userNo of ['U100000201', 'S900000001', 'U999999999']) {
      const res = await call(`${G}/partner/client/update`, { clientId: bare.clientId, clientName: '某合作方', apiCodes: ['ACCOUNT_QUERY_INFO'], userNo });
      expect(res.json.returnMsg, userNo).toBe(`代理用户号 ${userNo} 不存在或不属于该企业`);
    }

    const reasons = (await db().selectFrom('audit_log').select('detail').where('event', '=', 'access.denied').execute())
      .map((d) => d.detail as { partnerClientId?: string; reason?: string })
      .filter((d) => [clientId, seatless.clientId, bare.clientId].includes(d.partnerClientId ?? ''))
      .map((d) => d.reason);
    // personModify is signed (AccountAuth): a partner holds no device key to sign it with.
    expect(reasons).toEqual(['signed', 'no_seat', 'authority']);
  });

  it('refuses API sets naming entries not open to partners, and unknown or disabled enterprises, writing nothing', async () => {
    await setOpen('USER_QUERY_ACCOUNT_AUTH', 0);
    const before = await db().selectFrom('partner_clients').select('client_id').execute();
    const notOpen = await call(`${G}/partner/client/add`, { clientName: '某合作方', enterpriseNo: ENTERPRISE, apiCodes: ['USER_QUERY_ACCOUNT_AUTH', 'NO_SUCH_API'] });
    expect(notOpen.res.statusCode).toBe(400);
    expect(notOpen.json.returnMsg).toBe('以下接口不存在或未开放给合作方：USER_QUERY_ACCOUNT_AUTH、NO_SUCH_API');
    const unknown = await call(`${G}/partner/client/add`, { clientName: '某合作方', enterpriseNo: '1999999999', apiCodes: [] });
    expect(unknown.json.returnMsg).toBe('企业不存在');
    const bank = await call(`${G}/partner/client/add`, { clientName: '某合作方', enterpriseNo: '1000000000', apiCodes: [] });
    expect(bank.res.statusCode).toBe(400);
    const duplicate = await call(`${G}/partner/client/add`, { clientName: '某合作方', enterpriseNo: ENTERPRISE, apiCodes: ['A', 'A'] });
    expect(duplicate.json.returnMsg).toBe('可调用的接口不能重复');
    expect(await db().selectFrom('partner_clients').select('client_id').execute()).toHaveLength(before.length);
    // Customers never reach the administration.
    expect((await get(`${G}/partner/client/list`, {}, 'demo')).res.statusCode).toBe(403);
  });

  it('rotation ends the old secret and its tokens; revocation ends the client', async () => {
    await setOpen('ACCOUNT_QUERY_INFO', 1);
    const { clientId, clientSecret } = await addClient(['ACCOUNT_QUERY_INFO']);
    const oldToken = (await requestToken(basic(clientId, clientSecret))).json.data!.access_token;

    const rotated = await call(`${G}/partner/client/rotate`, { clientId });
    const newSecret = (rotated.data as { clientSecret: string }).clientSecret;
    secrets.push(newSecret);
    expect(newSecret).not.toBe(clientSecret);
    expect((await partnerCall(`${P}/account/queryAccountInfo`, { page: 1 }, oldToken)).res.statusCode).toBe(401);
    expect((await requestToken(basic(clientId, clientSecret))).status).toBe(401);
    const newToken = (await requestToken(basic(clientId, newSecret))).json.data!.access_token;
    expect((await partnerCall(`${P}/account/queryAccountInfo`, { page: 1 }, newToken)).json.returnCode).toBe('000000');

    expect((await call(`${G}/partner/client/revoke`, { clientId })).json.returnCode).toBe('000000');
    expect((await partnerCall(`${P}/account/queryAccountInfo`, { page: 1 }, newToken)).res.statusCode).toBe(401);
    expect((await requestToken(basic(clientId, newSecret))).status).toBe(401);
    expect((await call(`${G}/partner/client/rotate`, { clientId })).json.returnMsg).toBe('合作方客户端已停用，不能重置密钥');

    const listed = (await get(`${G}/partner/client/list`)).data as PartnerClient[];
    expect(listed.find((c) => c.clientId === clientId)).toMatchObject({ status: 0, enterpriseName: '华夏远航基金管理有限公司', apiCodes: ['ACCOUNT_QUERY_INFO'] });
    expect(JSON.stringify(listed)).not.toContain(newSecret);
    const events = await db().selectFrom('audit_log').select('event').where('event', 'like', 'partner.client_%').execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['partner.client_add', 'partner.client_rotate', 'partner.client_revoke']));
  });

  it('limits calls per client, across token requests and calls', async () => {
    const { clientId, clientSecret } = await addClient(['ACCOUNT_QUERY_INFO']);
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) statuses.push((await requestToken(basic(clientId, clientSecret))).status);
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts wrong secrets per client id and address apart: a stranger cannot lock the partner out', async () => {
    const { clientId, clientSecret } = await addClient(['ACCOUNT_QUERY_INFO']);
    const wrong = () => requestToken(basic(clientId, 'guessed-secret'), undefined, '10.9.9.9');
    for (let i = 0; i < FAILURE_LIMIT; i++) expect((await wrong()).status).toBe(401);
    // Far past the client's own budget of RATE_LIMIT, and still refused only at that address.
    for (let i = 0; i < RATE_LIMIT; i++) expect((await wrong()).status).toBe(429);
    expect((await requestToken(basic(clientId, clientSecret), undefined, '10.1.1.1')).status).toBe(200);
    expect((await requestToken(basic(clientId, clientSecret), undefined, '10.9.9.9')).status).toBe(429);
  });

  it('never logs a secret or a token, nor stores one in the audit log', async () => {
    expect(secrets.length).toBeGreaterThan(10);
    const text = logs.join('');
    expect(text).toContain('/pmobile/auth/oauth/token');
    const audit = JSON.stringify(await db().selectFrom('audit_log').selectAll().execute());
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
  });
});
