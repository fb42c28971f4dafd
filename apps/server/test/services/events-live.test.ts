import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openStores } from '../../src/stores';
import { TEST_CAPTCHA, loginClient } from '../helpers/login-client';
import { openSse } from '../helpers/sse-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TICKET = '/pmobile/customer/events/ticket';
const STREAM = '/pmobile/events/stream';

/**
 * Two instances on one PostgreSQL schema and one Redis prefix, behind no load balancer: the
 * browser asks one for its ticket and holds its stream on the other, as a balancer may send it.
 */
describe('live events across two instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let originB: string;
  let client: Awaited<ReturnType<typeof loginClient>>;

  beforeAll(async () => {
    a = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
    const stores = await openStores(a.config);
    b = await buildApp({ config: a.config, ...stores, now: Date.now });
    b.addHook('onClose', () => stores.close());
    await a.listen({ port: 0, host: '127.0.0.1' });
    originB = await b.listen({ port: 0, host: '127.0.0.1' });
    client = await loginClient(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const streamOnB = async (token: string, lastEventId?: string) => {
    const { data } = await client.call(TICKET, {}, token);
    const query = new URLSearchParams({ ticket: (data as { ticket: string }).ticket, ...(lastEventId ? { lastEventId } : {}) });
    const stream = await openSse(originB, `${STREAM}?${query}`);
    expect(stream.status, stream.body).toBe(200);
    return stream;
  };

  it('delivers an event published on A to a stream held by B, to its audience only', async () => {
    const demo = await streamOnB(await client.token('demo', 'Demo1234'));
    const other = await streamOnB(await client.token('ztreview', 'Demo1234'));
    const started = Date.now();
    await a.events.publish({ kind: 'riskNotice.urgent', ids: [42] }, { to: 'enterprises', enterpriseNos: ['1000000001'] });
    await a.events.publish({ kind: 'home.changed' }, { to: 'customers' });
    expect(await demo.next()).toMatchObject({ kind: 'riskNotice.urgent', ids: [42] });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await demo.next()).kind).toBe('home.changed');
    expect((await other.next()).kind).toBe('home.changed');
    demo.close();
    other.close();
  });

  it('resumes on B what was published on A while the client was away', async () => {
    const token = await client.token('checker', 'Demo1234');
    const first = await streamOnB(token);
    await a.events.publish({ kind: 'home.changed', ids: ['seen'] }, { to: 'seats', userNos: ['U100000102'] });
    const seen = await first.next();
    first.close();
    await first.ended;
    await a.events.publish({ kind: 'warning.imported', ids: ['newSharePayment'] }, { to: 'enterprises', enterpriseNos: ['1000000001'] });
    await b.events.publish({ kind: 'riskNotice.published', ids: [5] }, { to: 'customers' });
    const again = await streamOnB(token, seen.id);
    expect([(await again.next()).ids, (await again.next()).ids]).toEqual([['newSharePayment'], [5]]);
    again.close();
  });

  it('ends the stream on B when the session logs out through A', async () => {
    const token = await client.token('qyadmin', 'Demo1234');
    const stream = await streamOnB(token);
    await client.call('/pmobile/admin/logout/token', { token }, token);
    await stream.ended;
  });
});
