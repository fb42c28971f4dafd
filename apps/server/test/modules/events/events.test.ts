import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_TICKET_TTL_MS, RETURN_CODES, type LiveEvent } from '@portal/shared';
import { serverUnderTest, type Client } from '../../helpers/server-under-test';
import { openSse, type SseClient } from '../../helpers/sse-client';

const TICKET = '/pmobile/customer/events/ticket';
const STREAM = '/pmobile/events/stream';
const LOGOUT = '/pmobile/admin/logout/token';
const REFUSED = '实时通知票据无效或已过期，请重新获取';

async function ticketFor(client: Client, token: string): Promise<string> {
  const { json, data } = await client.call(TICKET, {}, token);
  expect(json.returnCode).toBe('000000');
  return (data as { ticket: string }).ticket;
}

/** Opens the session's stream with a fresh ticket, as the web app does. */
async function streamOf(origin: string, client: Client, token: string, options: { lastEventId?: string; headers?: Record<string, string> } = {}) {
  const ticket = await ticketFor(client, token);
  const query = new URLSearchParams({ ticket, ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}) });
  const stream = await openSse(origin, `${STREAM}?${query}`, options.headers);
  expect(stream.status, stream.body).toBe(200);
  return stream;
}

const kinds = (events: LiveEvent[]) => events.map((e) => e.kind);

describe('live events: tickets and the stream', () => {
  const { app, client } = serverUnderTest({ EVENTS_HEARTBEAT_MS: '100', EVENTS_MAX_STREAMS_PER_SESSION: '3' });
  let origin: string;
  const open: SseClient[] = [];
  const track = (stream: SseClient) => (open.push(stream), stream);

  beforeAll(async () => {
    origin = await app().listen({ port: 0, host: '127.0.0.1' });
  });
  // Runs before the server closes (after-hooks run in reverse).
  afterAll(() => open.forEach((s) => s.close()));

  it('answers a sealed single-use ticket that opens the stream of its session, with the stream headers', async () => {
    const token = await client().token('checker', 'Demo1234');
    const asked = await client().call(TICKET, {}, token);
    // The ticket is a credential: it travels sealed.
    expect(asked.json).not.toHaveProperty('data');
    const ticket = (asked.data as { ticket: string }).ticket;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // As a browser asks: events must not wait in a compressor's buffer.
    const stream = track(await openSse(origin, `${STREAM}?ticket=${ticket}`, { 'accept-encoding': 'gzip, deflate, br' }));
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['x-request-id']).toBeDefined();

    const again = await openSse(origin, `${STREAM}?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ returnCode: RETURN_CODES.UNAUTHENTICATED.code, returnMsg: REFUSED });
    stream.close();
  });

  it('refuses a missing, unknown or expired ticket with 401, and asks for a session before handing one out', async () => {
    for (const path of [STREAM, `${STREAM}?ticket=`, `${STREAM}?ticket=${'A'.repeat(43)}`]) {
      const refused = await openSse(origin, path);
      expect(refused.status, path).toBe(401);
      expect(JSON.parse(refused.body).returnMsg, path).toBe(REFUSED);
    }
    const anonymous = await client().envelope.post(TICKET, {});
    expect(anonymous.res.statusCode).toBe(401);

    // Kept 30 seconds in the shared store (the store's own expiry is proven by its contract tests) …
    const token = await client().token('checker', 'Demo1234');
    const set = vi.spyOn(app().stores.kv, 'set');
    const ticket = await ticketFor(client(), token);
    const key = `events:ticket:${createHash('sha256').update(ticket).digest('hex')}`;
    expect(set).toHaveBeenCalledWith(key, expect.any(String), EVENT_TICKET_TTL_MS);
    set.mockRestore();
    // … and refused once expired.
    await app().stores.kv.set(key, (await app().stores.kv.get(key))!, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await openSse(origin, `${STREAM}?ticket=${ticket}`)).status).toBe(401);
  });

  it('refuses a ticket whose session has ended, and a malformed last event id', async () => {
    const token = await client().token('checker', 'Demo1234');
    const ticket = await ticketFor(client(), token);
    await client().call(LOGOUT, { token }, token);
    expect((await openSse(origin, `${STREAM}?ticket=${ticket}`)).status).toBe(401);

    const fresh = await client().token('checker', 'Demo1234');
    for (const [path, headers] of [
      [`${STREAM}?ticket=${await ticketFor(client(), fresh)}&lastEventId=abc`, {}],
      [`${STREAM}?ticket=${await ticketFor(client(), fresh)}`, { 'last-event-id': '12-x' }],
    ] as const) {
      const refused = await openSse(origin, path, headers);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).returnMsg).toBe('事件编号格式不正确');
    }
  });

  it('delivers each event only to the sessions of its audience', async () => {
    const demo = await client().token('demo', 'Demo1234'); // U100000101, 华夏远航 1000000001
    const checker = await client().token('checker', 'Demo1234'); // U100000102, 华夏远航
    const other = await client().token('ztreview', 'Demo1234'); // 中泰安盛 1000000002
    const staff = await client().token('admin', 'Admin1234');
    const streams = await Promise.all([demo, checker, other, staff].map(async (t) => track(await streamOf(origin, client(), t))));
    const sDemo = streams[0]!;

    await app().events.publish({ kind: 'warning.imported', ids: ['clearPosition'], counts: { clearPosition: 2 } }, { to: 'enterprises', enterpriseNos: ['1000000001'] });
    await app().events.publish({ kind: 'riskNotice.urgent', ids: [7] }, { to: 'seats', userNos: ['U100000101'] });
    await app().events.publish({ kind: 'riskNotice.published', ids: [8] }, { to: 'customers' });
    await app().events.publish({ kind: 'home.changed' }, { to: 'staff' });
    // A last event for everyone: once each stream has it, it has had all it will get.
    await app().events.publish({ kind: 'home.changed', ids: ['end'] }, { to: 'customers' });
    await app().events.publish({ kind: 'home.changed', ids: ['end'] }, { to: 'staff' });
    const untilEnd = async (s: SseClient) => {
      for (;;) if ((await s.next()).ids?.[0] === 'end') return s.events;
    };

    const received = await Promise.all(streams.map(untilEnd));
    expect(received.map(kinds)).toEqual([
      ['warning.imported', 'riskNotice.urgent', 'riskNotice.published', 'home.changed'],
      ['warning.imported', 'riskNotice.published', 'home.changed'],
      ['riskNotice.published', 'home.changed'],
      ['home.changed', 'home.changed'],
    ]);
    expect(received[0]![0]).toEqual({ id: expect.stringMatching(/^\d+-\d+$/), kind: 'warning.imported', ids: ['clearPosition'], counts: { clearPosition: 2 } });
    // Wire format: the SSE id line is the event's id, the data line its JSON.
    const first = received[0]![0]!;
    expect(sDemo.frames.find((f) => !f.startsWith(':'))).toBe(`id: ${first.id}\ndata: ${JSON.stringify(first)}`);
    // Ids increase in the order events were published.
    const ids = received[0]!.map((e) => e.id.split('-').map(Number) as [number, number]);
    expect(ids.every((id, i) => i === 0 || id[0] > ids[i - 1]![0] || (id[0] === ids[i - 1]![0] && id[1] > ids[i - 1]![1]))).toBe(true);
    streams.forEach((s) => s.close());
  });

  it('writes heartbeats on idle streams', async () => {
    const stream = track(await streamOf(origin, client(), await client().token('checker', 'Demo1234')));
    await expect.poll(() => stream.heartbeats, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    expect(stream.frames.filter((f) => f.startsWith(':'))[0]).toBe(': heartbeat');
    stream.close();
  });

  it('resumes after the last event id (query or Last-Event-ID) with everything the session missed, then goes on live', async () => {
    const token = await client().token('qyadmin', 'Demo1234'); // U100000103, 华夏远航
    const first = track(await streamOf(origin, client(), token));
    await app().events.publish({ kind: 'home.changed', ids: ['before'] }, { to: 'enterprises', enterpriseNos: ['1000000001'] });
    const seen = await first.next();
    first.close();
    await first.ended;

    // While away: two for it, one for another enterprise, one for staff.
    await app().events.publish({ kind: 'warning.imported', ids: ['preCleaning'] }, { to: 'enterprises', enterpriseNos: ['1000000001'] });
    await app().events.publish({ kind: 'riskNotice.published', ids: [1] }, { to: 'enterprises', enterpriseNos: ['1000000002'] });
    await app().events.publish({ kind: 'home.changed' }, { to: 'staff' });
    await app().events.publish({ kind: 'riskNotice.urgent', ids: [2] }, { to: 'customers' });

    // A new EventSource names it in the query; a client reconnecting by itself sends the header.
    const byQuery = track(await streamOf(origin, client(), token, { lastEventId: seen.id }));
    expect([await byQuery.next(), await byQuery.next()].map((e) => [e.kind, e.ids])).toEqual([
      ['warning.imported', ['preCleaning']],
      ['riskNotice.urgent', [2]],
    ]);
    await app().events.publish({ kind: 'home.changed', ids: ['live'] }, { to: 'seats', userNos: ['U100000103'] });
    const live = await byQuery.next();
    expect(live.ids).toEqual(['live']);
    byQuery.close();

    await app().events.publish({ kind: 'riskNotice.published', ids: [3] }, { to: 'customers' });
    const byHeader = track(await streamOf(origin, client(), token, { headers: { 'last-event-id': live.id } }));
    expect([(await byHeader.next()).ids]).toEqual([[3]]);
    byHeader.close();
  });

  it('tells a client back after more than five minutes to refresh, since events may have gone', async () => {
    const token = await client().token('qyadmin', 'Demo1234');
    const stale = `${Date.now() - 6 * 60_000}-0`;
    const stream = track(await streamOf(origin, client(), token, { lastEventId: stale }));
    expect(await stream.next()).toEqual({ id: stale, kind: 'stream.resync' });
    stream.close();
  });

  it('refuses more streams of one session than configured (one per tab)', async () => {
    const token = await client().token('custexec', 'Admin1234');
    const streams = await Promise.all([1, 2, 3].map(async () => track(await streamOf(origin, client(), token))));
    const fourth = await openSse(origin, `${STREAM}?ticket=${await ticketFor(client(), token)}`);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body).returnMsg).toBe('实时通知连接过多，请关闭部分页面后重试');
    streams[0]!.close();
    await expect.poll(async () => {
      const next = await openSse(origin, `${STREAM}?ticket=${await ticketFor(client(), token)}`);
      next.close();
      return next.status;
    }).toBe(200);
    streams.forEach((s) => s.close());
  });

  it('ends the stream when its session ends: logout, a new login of the seat, expiry', async () => {
    const loggedOut = await client().token('tpconfirm', 'Demo1234');
    const s1 = track(await streamOf(origin, client(), loggedOut));
    await client().call(LOGOUT, { token: loggedOut }, loggedOut);
    await s1.ended;

    const replaced = await client().token('tpreview', 'Demo1234');
    const s2 = track(await streamOf(origin, client(), replaced));
    await client().token('tpreview', 'Demo1234');
    await s2.ended;

    const idle = await client().token('zhouyang', 'Demo1234');
    const s3 = track(await streamOf(origin, client(), idle));
    // Heartbeats alone do not keep a session: past the idle limit, the next check ends the stream.
    app().clock.advance(31 * 60_000);
    await s3.ended;
    app().clock.advance(-31 * 60_000);
  });

  it('ends the other sessions’ streams at a password change, and keeps the changing session’s', async () => {
    const first = await client().token('demo', 'Demo1234');
    const second = ((await client().attempt('demo', 'Demo1234', { userNo: 'U100000301' })).data as { access_token: string }).access_token;
    const sFirst = track(await streamOf(origin, client(), first));
    const sSecond = track(await streamOf(origin, client(), second));
    const { confirmPassword, ...fields } = await client().changeFields('Demo1234', 'Wxyz56789');
    const changed = await client().call('/pmobile/customer/userPassword/update', { username: 'demo', ...fields, newPasswordConfirm: confirmPassword }, first);
    expect(changed.json.returnCode).toBe('000000');
    await sSecond.ended;
    await app().events.publish({ kind: 'home.changed' }, { to: 'seats', userNos: ['U100000101'] });
    expect((await sFirst.next()).kind).toBe('home.changed');
    expect(sFirst.isEnded()).toBe(false);
    sFirst.close();
  });
});

describe('live events under short server timeouts', () => {
  const { app, client } = serverUnderTest({ HEADERS_TIMEOUT_MS: '200', REQUEST_TIMEOUT_MS: '300', CONNECTION_TIMEOUT_MS: '500', EVENTS_HEARTBEAT_MS: '150' });
  let origin: string;

  beforeAll(async () => {
    origin = await app().listen({ port: 0, host: '127.0.0.1' });
  });

  it('keeps a stream open far beyond the request and connection timeouts, while a stalled request is cut', async () => {
    // Without heartbeats CONNECTION_TIMEOUT_MS would close the quiet stream after 500 ms.
    const stream = await streamOf(origin, client(), await client().token('checker', 'Demo1234'));
    const address = new URL(origin);
    const started = Date.now();
    const stalledClosedAt = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(address.port), address.hostname, () => socket.write(`GET ${STREAM} HTTP/1.1\r\nHost: x\r\n`));
      socket.on('error', () => undefined);
      // Read (the 408), or the socket never sees the server close it.
      socket.resume();
      socket.on('close', () => resolve(Date.now()));
    });
    expect(stalledClosedAt - started).toBeLessThan(1_500);

    await new Promise((r) => setTimeout(r, 2_000));
    expect(stream.isEnded()).toBe(false);
    expect(stream.heartbeats).toBeGreaterThanOrEqual(8);
    await app().events.publish({ kind: 'home.changed' }, { to: 'customers' });
    expect((await stream.next()).kind).toBe('home.changed');
    stream.close();
  });

  it('ends open streams when the server closes, so closing does not wait for them', async () => {
    const stream = await streamOf(origin, client(), await client().token('checker', 'Demo1234'));
    const closing = Date.now();
    await app().close();
    await stream.ended;
    expect(Date.now() - closing).toBeLessThan(2_000);
  });
});
