import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDefinition } from '@portal/shared';
import { buildApp } from '../../src/app';
import { openStores } from '../../src/stores';
import { waived } from '../helpers/dual-control';
import { TEST_CAPTCHA, loginClient } from '../helpers/login-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Two instances on one PostgreSQL schema and one Redis prefix: staff change the catalogue through one. */
describe('an API definition changed through one instance', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let client: Awaited<ReturnType<typeof loginClient>>;

  beforeAll(async () => {
    a = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
    // Re-enabling a call loosens it: the bank's waiver lets it apply at once (dual control is tested in test/modules/admin-changes).
    await waived('9000000001')(a);
    const stores = await openStores(a.config);
    b = await buildApp({ config: a.config, ...stores, now: Date.now });
    b.addHook('onClose', () => stores.close());
    client = await loginClient(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('is enforced by the other within a second, and lifted again', async () => {
    const staff = await client.token('admin', 'Admin1234');
    const customer = await client.token('checker', 'Demo1234');
    const page = await a.inject({
      method: 'GET',
      url: '/pmobile/gateway/api?apiCode=MESSAGE_REMINDER',
      headers: { ...client.envelope.headers, authorization: `Bearer ${staff}` },
    });
    const row = (page.json().data as { records: ApiDefinition[] }).records[0]!;
    const reminderOnB = async () =>
      (
        await b.inject({
          method: 'POST',
          url: '/pmobile/customer/query/message/reminder',
          payload: {},
          headers: { ...client.envelope.headers, authorization: `Bearer ${customer}` },
        })
      ).json().returnMsg as string;
    expect(await reminderOnB()).toBe('成功');

    const started = Date.now();
    await client.call('/pmobile/gateway/api/batch/update/status', { ids: String(row.apiId), status: 0 }, staff);
    await expect.poll(reminderOnB, { timeout: 1_000, interval: 20 }).toBe('接口已停用');
    expect(Date.now() - started).toBeLessThan(1_000);

    await client.call('/pmobile/gateway/api/batch/update/status', { ids: String(row.apiId), status: 1 }, staff);
    await expect.poll(reminderOnB, { timeout: 1_000, interval: 20 }).toBe('成功');
  });
});
