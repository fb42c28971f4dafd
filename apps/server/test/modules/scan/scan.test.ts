import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { RETURN_CODES, SCAN_MESSAGES } from '@portal/shared';
import { buildApp } from '../../../src/app';
import { openStores } from '../../../src/stores';
import { TEST_CAPTCHA, loginClient } from '../../helpers/login-client';
import { openSse, type SseClient } from '../../helpers/sse-client';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const P = '/pmobile/customer';
const STREAM = '/pmobile/events/stream';
const TICKET_TTL_MS = 1_500;
const CODE_TTL_MS = 1_000;

/**
 * Scan-code login across two instances: the desktop asks for its ticket and listens on one, the
 * phone confirms on the other, the code is exchanged on either (PostgreSQL + Redis when
 * DATABASE_URL and REDIS_URL are set: the second instance then has stores of its own).
 */
describe('scan-code login (server, two instances)', () => {
  let one: TestApp;
  let two: TestApp;
  let origins: [string, string];
  let closeSecondStores: () => Promise<void> = async () => undefined;
  const open: SseClient[] = [];
  /** Every QR ticket issued, to look for in the audit log. */
  const tickets: string[] = [];

  beforeAll(async () => {
    one = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000', ABLE_SCAN: '1', SCAN_TICKET_TTL_MS: String(TICKET_TTL_MS), SCAN_CODE_TTL_MS: String(CODE_TTL_MS) });
    const stores = process.env.DATABASE_URL ? await openStores(one.config) : one.stores;
    if (stores !== one.stores) closeSecondStores = () => stores.close();
    two = (await buildApp({ config: one.config, ...stores, now: () => Date.now() })) as TestApp;
    two.decorate('stores', stores);
    two.decorate('config', one.config);
    origins = [await one.listen({ port: 0, host: '127.0.0.1' }), await two.listen({ port: 0, host: '127.0.0.1' })];
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await two.close();
    await closeSecondStores();
    await one.close();
  });

  /** A desktop login page on instance one: its ticket and its anonymous stream. */
  async function waitingPage() {
    const device = await c.sm2GenerateKeyPair();
    const desktop = await loginClient(one, { device });
    const asked = await desktop.envelope.post(`${P}/scan/ticket`, { deviceKey: device.publicKey });
    expect(asked.json).not.toHaveProperty('data'); // sealed: the stream ticket is a credential
    const { ticket, streamTicket, expiresIn, matchNumber } = asked.data as { ticket: string; streamTicket: string; expiresIn: number; matchNumber: string };
    expect(expiresIn).toBe(2);
    tickets.push(ticket);
    const stream = await openSse(origins[0], `${STREAM}?ticket=${streamTicket}`);
    expect(stream.status).toBe(200);
    open.push(stream);
    return { device, desktop, ticket, matchNumber, stream };
  }

  /** The phone's answer for a ticket: the ticket, its SM3 (which the answer signs), the result and the number picked. */
  const answer = async (ticket: string, result: 'confirm' | 'deny', matchNumber?: string) => ({
    ticket,
    ticketSm3: c.toHex(await c.sm3(c.utf8Encode(ticket))),
    result,
    ...(matchNumber ? { matchNumber } : {}),
  });

  async function phone() {
    const client = await loginClient(two);
    const { data } = await client.attempt('demo', 'Demo1234', { channel: 'mobile' });
    return { client, token: (data as { access_token: string }).access_token };
  }

  it('confirmed on the phone: the waiting page hears the code within 2 s, which gives one web session bound to the desktop key', async () => {
    const page = await waitingPage();
    const mobile = await phone();

    const info = await mobile.client.call(`${P}/scan/info`, { ticket: page.ticket }, mobile.token);
    expect(info.data).toMatchObject({ clientIp: '127.0.0.1', requestedAt: expect.any(String), expiresAt: expect.any(String) });

    const started = Date.now();
    const confirmed = await mobile.client.call(`${P}/scan/confirm`, await answer(page.ticket, 'confirm', page.matchNumber), mobile.token);
    expect(confirmed.json.returnCode).toBe('000000');
    const event = await page.stream.next(2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(event.kind).toBe('scan.confirmed');
    // Its answer given, the anonymous stream ends (pen test: they stayed open for ever).
    await page.stream.ended;
    const code = String(event.ids![0]);

    // The ticket served once.
    const again = await mobile.client.call(`${P}/scan/confirm`, await answer(page.ticket, 'confirm', page.matchNumber), mobile.token);
    expect(again.json).toMatchObject({ returnCode: RETURN_CODES.INVALID_PARAMETER.code, returnMsg: SCAN_MESSAGES.ticketInvalid });

    // Exchanged on the other instance, once.
    const desktopOnTwo = await loginClient(two, { device: page.device });
    const exchanged = await desktopOnTwo.envelope.post(`${P}/scan/token`, { code });
    expect(exchanged.json).not.toHaveProperty('data');
    const token = (exchanged.data as { access_token: string }).access_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const twice = await page.desktop.envelope.post(`${P}/scan/token`, { code });
    expect(twice.json).toMatchObject({ returnCode: RETURN_CODES.INVALID_PARAMETER.code, returnMsg: SCAN_MESSAGES.codeInvalid });

    // The desktop is logged in as the phone's seat; the phone's own session lives on.
    const me = await page.desktop.get(`${P}/current/user`, {}, token);
    expect(me.json.returnCode).toBe('000000');
    expect((await mobile.client.get(`${P}/current/user`, {}, mobile.token)).json.returnCode).toBe('000000');

    // A signed step from the scanned-in session: signed by the desktop's key it passes, by another it fails.
    const other = await waitingPage();
    const signed = await page.desktop.call(`${P}/scan/confirm`, await answer(other.ticket, 'deny'), token);
    expect(signed.json.returnCode).toBe('000000');
    const third = await waitingPage();
    const stranger = await loginClient(one);
    const forged = await stranger.call(`${P}/scan/confirm`, await answer(third.ticket, 'deny'), token);
    expect(forged.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);

    const audit = await one.stores.database.db.selectFrom('audit_log').select(['event', 'detail']).where('event', 'in', ['login', 'scan.confirm']).execute();
    expect(audit.some((a) => a.event === 'login' && (a.detail as { method?: string }).method === 'scan')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('signs the ticket by its SM3: the audit entries of scan answers hold no ticket, and a claimed SM3 of another ticket fails the signature', async () => {
    const page = await waitingPage();
    const mobile = await phone();
    const forged = { ...(await answer(page.ticket, 'confirm', page.matchNumber)), ticketSm3: (await answer((await waitingPage()).ticket, 'deny')).ticketSm3 };
    expect((await mobile.client.call(`${P}/scan/confirm`, forged, mobile.token)).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    const body = await answer(page.ticket, 'confirm', page.matchNumber);
    expect((await mobile.client.call(`${P}/scan/confirm`, body, mobile.token)).json.returnCode).toBe('000000');

    const audit = await one.stores.database.db.selectFrom('audit_log').selectAll().where('event', '=', 'scan.confirm').execute();
    const signed = audit.map((a) => (a.detail as { signature?: { data: string } }).signature?.data).filter(Boolean);
    // Then the signing challenge (a fresh one per signature).
    expect(signed.some((data) => data!.startsWith(`ScanConfirm|${body.ticketSm3}|confirm|${page.matchNumber}|`))).toBe(true);
    // Every scan answer of this file so far, confirmed, denied or refused: no ticket anywhere in them.
    const text = JSON.stringify(audit);
    expect(signed.length).toBeGreaterThan(3);
    expect(tickets.filter((t) => text.includes(t))).toEqual([]);
  });

  it('number matching: the phone confirms only with the number the desktop shows; a wrong pick denies the scan, audited', async () => {
    const page = await waitingPage();
    expect(page.matchNumber).toMatch(/^[1-9][0-9]$/);
    const mobile = await phone();
    const info = (await mobile.client.call(`${P}/scan/info`, { ticket: page.ticket }, mobile.token)).data as { choices: string[] };
    expect(info.choices).toHaveLength(3);
    expect(new Set(info.choices).size).toBe(3);
    expect(info.choices).toContain(page.matchNumber);
    // Every look at one ticket offers the same three: looking twice narrows nothing down.
    expect(((await mobile.client.call(`${P}/scan/info`, { ticket: page.ticket }, mobile.token)).data as { choices: string[] }).choices).toEqual(info.choices);

    // No number: refused before anything is spent.
    const unpicked = await mobile.client.call(`${P}/scan/confirm`, await answer(page.ticket, 'confirm'), mobile.token);
    expect(unpicked.res.statusCode).toBe(400);
    expect(unpicked.json.returnMsg).toBe(SCAN_MESSAGES.numberRequired);

    // The wrong number: refused, the desktop hears a denial, and the ticket is spent.
    const wrong = info.choices.find((n) => n !== page.matchNumber)!;
    const mismatch = await mobile.client.call(`${P}/scan/confirm`, await answer(page.ticket, 'confirm', wrong), mobile.token);
    expect(mismatch.res.statusCode).toBe(400);
    expect(mismatch.json.returnMsg).toBe(SCAN_MESSAGES.numberMismatch);
    expect(await page.stream.next(2_000)).toMatchObject({ kind: 'scan.denied' });
    const late = await mobile.client.call(`${P}/scan/confirm`, await answer(page.ticket, 'confirm', page.matchNumber), mobile.token);
    expect(late.json.returnMsg).toBe(SCAN_MESSAGES.ticketInvalid);
    const audit = await one.stores.database.db.selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'scan.confirm').where('outcome', '=', 'failure').execute();
    const refused = audit.map((a) => a.detail as { reason?: string; signature?: { data: string } }).find((d) => d.reason === 'number_mismatch');
    expect(refused?.signature?.data).toMatch(new RegExp(`^ScanConfirm\\|[0-9a-f]{64}\\|confirm\\|${wrong}\\|[0-9a-f]{32}$`));
  });

  it('denied on the phone: the waiting page hears so and no code exists', async () => {
    const page = await waitingPage();
    const mobile = await phone();
    expect((await mobile.client.call(`${P}/scan/confirm`, await answer(page.ticket, 'deny'), mobile.token)).json.returnCode).toBe('000000');
    const event = await page.stream.next(2_000);
    expect(event).toMatchObject({ kind: 'scan.denied' });
    expect(event.ids).toBeUndefined();
    await page.stream.ended;
  });

  it('an unanswered scan stream ends a few seconds after its ticket', async () => {
    const page = await waitingPage();
    const started = Date.now();
    await page.stream.ended;
    // The ticket lives 1.5 s, the stream 5 s longer (the page renews its code first).
    expect(Date.now() - started).toBeGreaterThan(TICKET_TTL_MS);
  }, 15_000);

  it('an expired ticket cannot be read nor confirmed; an expired code gives no session', async () => {
    const page = await waitingPage();
    const mobile = await phone();
    await new Promise((r) => setTimeout(r, TICKET_TTL_MS + 200));
    const info = await mobile.client.call(`${P}/scan/info`, { ticket: page.ticket }, mobile.token);
    expect(info.json.returnMsg).toBe(SCAN_MESSAGES.ticketInvalid);
    expect((await mobile.client.call(`${P}/scan/confirm`, await answer(page.ticket, 'confirm', page.matchNumber), mobile.token)).json.returnMsg).toBe(SCAN_MESSAGES.ticketInvalid);

    const late = await waitingPage();
    await mobile.client.call(`${P}/scan/confirm`, await answer(late.ticket, 'confirm', late.matchNumber), mobile.token);
    const code = String((await late.stream.next(2_000)).ids![0]);
    await new Promise((r) => setTimeout(r, CODE_TTL_MS + 200));
    expect((await late.desktop.envelope.post(`${P}/scan/token`, { code })).json.returnMsg).toBe(SCAN_MESSAGES.codeInvalid);
  });

  it('a stream ticket of a scan hears nothing meant for sessions, and the event channel stays closed to strangers', async () => {
    const page = await waitingPage();
    await one.events.publish({ kind: 'home.changed' }, { to: 'customers' });
    await expect(page.stream.next(300)).rejects.toThrow(/no event/);
    const refused = await openSse(origins[1], `${STREAM}?ticket=${page.ticket}`);
    expect(refused.status).toBe(401);
  });

  it('answers the WeChat login variant with its own code and message', async () => {
    const client = await loginClient(one);
    const res = await client.envelope.post('/pmobile/admin/login/token', { loginFlag: 4, wxCode: 'wx-code-from-the-platform' });
    expect(res.json).toMatchObject({ returnCode: RETURN_CODES.WECHAT_LOGIN_UNAVAILABLE.code, returnMsg: '微信登录未开通' });
  });
});

describe('anonymous scan streams are capped', () => {
  let app: TestApp;
  let origin: string;
  beforeAll(async () => {
    app = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      ABLE_SCAN: '1',
      TRUST_PROXY: '127.0.0.1',
      EVENTS_MAX_SCAN_STREAMS_PER_ADDRESS: '2',
      EVENTS_MAX_SCAN_STREAMS: '3',
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  /** A scan page's stream from `address` (as the proxy in front names it): its status and its client. */
  async function scanStream(address: string) {
    const page = await loginClient(app);
    const { data } = await page.envelope.post(`${P}/scan/ticket`, { deviceKey: (await c.sm2GenerateKeyPair()).publicKey });
    return openSse(origin, `${STREAM}?ticket=${(data as { streamTicket: string }).streamTicket}`, { 'x-forwarded-for': address });
  }

  it('per client address and per instance, with 429; a closed one frees its place', async () => {
    const first = await scanStream('10.0.0.1');
    const second = await scanStream('10.0.0.1');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await scanStream('10.0.0.1')).status).toBe(429);
    const elsewhere = await scanStream('10.0.0.2');
    expect(elsewhere.status).toBe(200);
    expect((await scanStream('10.0.0.3')).status).toBe(429);
    first.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await scanStream('10.0.0.3');
    expect(again.status).toBe(200);
    for (const stream of [second, elsewhere, again]) stream.close();
  });
});
