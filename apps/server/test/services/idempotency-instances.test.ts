import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationById, operationPath, RETURN_CODES, type InstructionRecord, type PayerAccount } from '@portal/shared';
import { buildApp } from '../../src/app';
import { openStores } from '../../src/stores';
import { NEXT_BUSINESS_DAY } from '../helpers/business-day';
import type { ClientTarget } from '../helpers/envelope-client';
import { externalApi } from '../helpers/external-api';
import { TEST_CAPTCHA, loginClient } from '../helpers/login-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

const P = '/pmobile/customer';

/**
 * Two instances on one PostgreSQL schema and one Redis prefix, as behind a balancer: a write
 * retried on the other instance with its Idempotency-Key gives the first answer and writes once.
 */
describe('an Idempotency-Key across two instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let client: Awaited<ReturnType<typeof loginClient>>;
  let token: string;
  // The balancer: each call goes where `on` points.
  let on: ClientTarget['inject'];

  beforeAll(async () => {
    a = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
    const stores = await openStores(a.config);
    b = await buildApp({ config: a.config, ...stores, now: Date.now });
    b.addHook('onClose', () => stores.close());
    on = (request) => a.inject(request);
    client = await loginClient({ config: a.config, inject: (request) => on(request) });
    token = await client.token('demo', 'Demo1234');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const instructionCount = async () => Number((await a.stores.database.db.selectFrom('instructions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers the retry on the other instance with the first answer, refuses another body, and lets one of two racing twins write', async () => {
    const { accounts } = (await client.call(`${P}/instruction/payerAccounts`, {}, token)).data as { accounts: PayerAccount[] };
    const entry = (amount: string) => ({
      type: '01',
      payerAccountNo: accounts[0]!.accountNo,
      payeeName: '某某基金托管专户',
      payeeAccountNo: '6222020000000099',
      payeeBank: '华夏银行北京分行',
      payeeCnaps: '304100040000',
      amount,
      // A business day after today's: hours before its cut-off whenever the file runs.
      valueDate: NEXT_BUSINESS_DAY,
      purpose: '划款',
    });
    const before = await instructionCount();
    const key = { 'idempotency-key': `across-${Date.now()}` };
    const first = await client.call(`${P}/instruction/add`, entry('1.00'), token, key);
    expect(first.res.statusCode).toBe(200);
    on = (request) => b.inject(request);
    const retried = await client.call(`${P}/instruction/add`, entry('1.00'), token, key);
    expect((retried.data as InstructionRecord).id).toBe((first.data as InstructionRecord).id);
    expect(await instructionCount()).toBe(before + 1);
    const other = await client.call(`${P}/instruction/add`, entry('2.00'), token, key);
    expect(other.json.returnCode).toBe(RETURN_CODES.IDEMPOTENCY_KEY_REUSED.code);

    // Twins at once, one on each instance (each call is one request: the balancer alternates).
    let turn = 0;
    on = (request) => (turn++ % 2 === 0 ? a : b).inject(request);
    const race = { 'idempotency-key': `race-${Date.now()}` };
    const twins = await Promise.all([1, 2].map(() => client.call(`${P}/instruction/add`, entry('3.00'), token, race)));
    expect(twins.map((t) => t.res.statusCode)).toEqual([200, 200]);
    expect((twins[0]!.data as InstructionRecord).id).toBe((twins[1]!.data as InstructionRecord).id);
    expect(await instructionCount()).toBe(before + 2);
  });

  it('answers a retry on the other instance with the first answer for a write of each feature, and refuses another body there', async () => {
    const db = a.stores.database.db;
    const auditCount = async () => Number((await db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    on = (request) => a.inject(request);
    const staff = await client.token('admin', 'Admin1234');
    const enterpriseAdmin = await client.token('qyadmin', 'Demo1234');
    // Two accounts of the enterprise not yet in e-banking: one for the retries, one for the twins.
    const [usable, another] = await db
      .selectFrom('custody_accounts as ca')
      .leftJoin('ebank_accounts as e', 'e.account_no', 'ca.account_no')
      .select('ca.account_no')
      .where('ca.enterprise_no', '=', '1000000001')
      .where('ca.status', '=', '00')
      .where('e.account_no', 'is', null)
      .orderBy('ca.account_no')
      .execute();
    const { id: warning } = await db.selectFrom('clear_position_warnings').select('id').where('enterprise_no', '=', '1000000001').where('status', '=', '0').executeTakeFirstOrThrow();
    const expireAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    // Operation id, its caller, the request and another one; a signed one is signed afresh on each instance.
    const writes: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
      ['ACCOUNT_MANAGEMENT_INSERT', enterpriseAdmin, { accountNo: usable!.account_no, alias: '两实例户' }, { accountNo: usable!.account_no, alias: '别名' }],
      ['WARNING_CLEAR_POSITION_HANDLE', token, { ids: [warning], remark: '已减仓' }, { ids: [warning], remark: '另一说明' }],
      // A success without data: its kept answer is JSON null.
      ['CURRENT_USER_UPDATE', token, { nickName: '张晓明', userDesc: '两实例', avatar: '' }, { nickName: '张晓明', userDesc: '另一', avatar: '' }],
      ['USER_ADD', staff, { username: 'across.user', nickName: '两实例', enterpriseNo: '1000000002' }, { username: 'across.user', nickName: '另一', enterpriseNo: '1000000002' }],
      ['ENTERPRISE_ADD', staff, { enterpriseNo: '1000000081', enterpriseName: '两实例企业', enterpriseType: 'insurer', adminUsername: 'across.admin', adminNickName: '吴' }, { enterpriseNo: '1000000082', enterpriseName: '两实例企业', enterpriseType: 'insurer', adminUsername: 'across.admin', adminNickName: '吴' }],
      ['CUSTODIAN_RISK_NOTICE_ADD', staff, { title: '两实例风险提示', body: '<p>正文</p>', level: '2', audience: 'all', expireAt }, { title: '另一风险提示', body: '<p>正文</p>', level: '2', audience: 'all', expireAt }],
      ['GW_API_ADD', staff, externalApi('EXT_ACROSS', '/ext/across'), externalApi('EXT_ACROSS2', '/ext/across2')],
      ['PARTNER_CLIENT_ADD', staff, { clientName: '两实例合作方', enterpriseNo: '1000000001', apiCodes: [], userNo: null }, { clientName: '另一合作方', enterpriseNo: '1000000001', apiCodes: [], userNo: null }],
      ['CUSTODIAN_CERT_ACTIVATION_CODE', staff, { username: 'checker' }, { username: 'demo' }],
    ];
    const prefixes = { customerPrefix: a.config.CUSTOMER_PREFIX, gatewayPrefix: a.config.GATEWAY_PREFIX };
    for (const [id, session, body, other] of writes) {
      const path = `${a.config.API_BASE}${operationPath(operationById(id)!, prefixes)}`;
      const key = { 'idempotency-key': `${id}-across-${Date.now()}` };
      const send = async (request: Record<string, unknown>) => {
        const { res, json, data } = await client.call(path, request, session, key);
        return { status: res.statusCode, returnCode: json.returnCode, data };
      };
      on = (request) => a.inject(request);
      const first = await send(body);
      expect(first.status, `${id}: ${first.returnCode}`).toBe(200);
      const written = await auditCount();
      on = (request) => b.inject(request);
      expect(await send(body), id).toEqual(first);
      expect(await send(other), id).toMatchObject({ status: 409, returnCode: RETURN_CODES.IDEMPOTENCY_KEY_REUSED.code });
      expect(await auditCount(), id).toBe(written);
    }

    // Twins of a create at once, one on each instance: the loser meets the winner's new row (用户名已存在)
    // or its key, and answers the winner's answer either way; one write.
    const successes = async () => Number((await db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('outcome', '=', 'success').executeTakeFirstOrThrow()).n);
    const creates: [string, string, Record<string, unknown>][] = [
      ['USER_ADD', staff, { username: 'twin.user', nickName: '双', enterpriseNo: '1000000002' }],
      ['ACCOUNT_MANAGEMENT_INSERT', enterpriseAdmin, { accountNo: another!.account_no }],
      ['ENTERPRISE_ADD', staff, { enterpriseNo: '1000000091', enterpriseName: '双企业', enterpriseType: 'insurer', adminUsername: 'twin.admin', adminNickName: '吴' }],
      ['GW_API_ADD', staff, externalApi('EXT_TWIN', '/ext/twin')],
    ];
    let turn = 0;
    on = (request) => (turn++ % 2 === 0 ? a : b).inject(request);
    for (const [id, session, body] of creates) {
      const path = `${a.config.API_BASE}${operationPath(operationById(id)!, prefixes)}`;
      const key = { 'idempotency-key': `${id}-twins-${Date.now()}` };
      const before = await successes();
      const twins = await Promise.all([1, 2].map(() => client.call(path, body, session, key)));
      expect(twins.map((t) => `${t.res.statusCode} ${t.json.returnMsg}`), id).toEqual(['200 成功', '200 成功']);
      expect(twins[0]!.data, id).toEqual(twins[1]!.data);
      expect(await successes(), id).toBe(before + 1);
    }
  });
});
