import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, RETURN_CODES, type InstructionRecord, type PayerAccount } from '@portal/shared';
import { buildApp } from '../../src/app';
import { openStores } from '../../src/stores';
import type { ClientTarget } from '../helpers/envelope-client';
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
      valueDate: formatDate(Date.now()),
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
});
