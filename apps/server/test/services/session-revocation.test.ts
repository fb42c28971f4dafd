import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openStores } from '../../src/stores';
import { TEST_CAPTCHA, loginClient } from '../helpers/login-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

const P = '/pmobile/customer';

/**
 * Two instances on one PostgreSQL schema and one Redis prefix. Each caches sessions for a
 * minute, so only the revocation announced over the KvStore can make the second refuse at once.
 */
describe('a session revoked on one instance', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let client: Awaited<ReturnType<typeof loginClient>>;

  beforeAll(async () => {
    a = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000', SESSION_CACHE_MS: '60000' });
    const stores = await openStores(a.config);
    b = await buildApp({ config: a.config, ...stores, now: Date.now });
    b.addHook('onClose', () => stores.close());
    client = await loginClient(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const currentUserOn = async (app: typeof b, token: string) =>
    (await app.inject({ method: 'GET', url: `${P}/current/user`, headers: { ...client.envelope.headers, authorization: `Bearer ${token}` } }))
      .statusCode;

  it('is refused by the other instance too', async () => {
    const token = await client.token('demo', 'Demo1234');
    expect(await currentUserOn(b, token)).toBe(200);
    expect(await currentUserOn(b, token)).toBe(200);
    expect((await client.call('/pmobile/admin/logout/token', { token }, token)).json.returnCode).toBe('000000');
    expect(await currentUserOn(a, token)).toBe(401);
    // The announcement travels through Redis: a few milliseconds.
    await expect.poll(() => currentUserOn(b, token), { timeout: 1_000, interval: 20 }).toBe(401);
  });

  it('is refused by the other instance after a new login of the same seat', async () => {
    const first = await client.token('checker', 'Demo1234');
    expect(await currentUserOn(b, first)).toBe(200);
    await client.token('checker', 'Demo1234');
    await expect.poll(() => currentUserOn(b, first), { timeout: 1_000, interval: 20 }).toBe(401);
  });
});
