import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { RETURN_CODES } from '@portal/shared';
import { TEST_CAPTCHA, loginClient } from '../../helpers/login-client';
import { serverUnderTest } from '../../helpers/server-under-test';
import { createTestApp } from '../../helpers/test-app';

const code = (json: { returnCode: string }) => json.returnCode;

describe('captcha, randoms and the signed login', () => {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const { app, client, db } = serverUnderTest({ CAPTCHA_TTL_SECONDS: '1' }, { logStream });

  it('serves the captcha as an SVG of glyph outlines, never the answer as text, and not cached', async () => {
    const res = await client().captcha();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<svg');
    expect(res.body).not.toContain(TEST_CAPTCHA);
    expect(res.body).not.toMatch(/<text/);
  });

  it('needs the rev the captcha is bound to', async () => {
    const res = await app().inject({ method: 'POST', url: '/pmobile/captcha/picture/createCode', headers: { appid: 'zctgdzhwy', bl: '1' } });
    expect(res.json().returnCode).toBe(RETURN_CODES.REV_MISSING.code);
  });

  it('issues a 32-hex server random', async () => {
    expect(await client().random()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('logs in with everything right and the token opens a session', async () => {
    const { json, data } = await client().attempt('demo', 'Demo1234');
    expect(code(json)).toBe('000000');
    const token = (data as { access_token: string }).access_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const check = await client().call('/pmobile/customer/user/isExpiredOrFirstLogin', { username: 'demo' }, token);
    expect(check.json).toMatchObject({ returnCode: '000000', data: false });
  });

  it('answers a login with the time of each step (Server-Timing), and a refusal without', async () => {
    const ok = await client().attempt('demo', 'Demo1234');
    const steps = Object.fromEntries(
      String(ok.res.headers['server-timing'])
        .split(', ')
        .map((entry) => [entry.split(';')[0], Number(entry.split(';dur=')[1])]),
    );
    for (const step of ['captcha', 'random', 'sm2dec', 'sm2verify', 'user', 'lockout', 'hash', 'seats', 'session', 'audit', 'total']) {
      expect(steps[step], step).toBeGreaterThanOrEqual(0);
    }
    expect(steps.total).toBeGreaterThanOrEqual(steps.hash!);
    const refused = await client().attempt('demo', 'Wrong1234');
    expect(code(refused.json)).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    expect(refused.res.headers['server-timing']).toBeUndefined();
  });

  it('refuses a wrong captcha and spends it', async () => {
    const wrong = await client().attempt('demo', 'Demo1234', { captcha: 'ZZZZZ' });
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.json).toMatchObject({ returnCode: RETURN_CODES.CAPTCHA_INVALID.code, returnMsg: '图形验证码错误，请重新输入' });
    const again = await client().attempt('demo', 'Demo1234', { fetchCaptcha: false });
    expect(code(again.json)).toBe(RETURN_CODES.CAPTCHA_EXPIRED.code);
  });

  it('accepts the captcha in any case, once', async () => {
    expect(code((await client().attempt('demo', 'Demo1234', { captcha: TEST_CAPTCHA.toLowerCase() })).json)).toBe('000000');
    expect(code((await client().attempt('demo', 'Demo1234', { fetchCaptcha: false })).json)).toBe(RETURN_CODES.CAPTCHA_EXPIRED.code);
  });

  it('lets a captcha expire', async () => {
    await client().captcha();
    await new Promise((r) => setTimeout(r, 1_300));
    expect(code((await client().attempt('demo', 'Demo1234', { fetchCaptcha: false })).json)).toBe(RETURN_CODES.CAPTCHA_EXPIRED.code);
  });

  it('refuses a server random used twice or never issued', async () => {
    const random = await client().random();
    expect(code((await client().attempt('demo', 'Demo1234', { random })).json)).toBe('000000');
    expect(code((await client().attempt('demo', 'Demo1234', { random })).json)).toBe(RETURN_CODES.RANDOM_INVALID.code);
    expect(code((await client().attempt('demo', 'Demo1234', { random: c.randomHex(16) })).json)).toBe(RETURN_CODES.RANDOM_INVALID.code);
  });

  it('refuses a signature by another key or over another message', async () => {
    const stranger = await c.sm2GenerateKeyPair();
    expect(code((await client().attempt('demo', 'Demo1234', { signWith: stranger.privateKey })).json)).toBe(RETURN_CODES.SIGNATURE_INVALID.code);
    expect(code((await client().attempt('demo', 'Demo1234', { signed: 'demo|x|y|0' })).json)).toBe(RETURN_CODES.SIGNATURE_INVALID.code);
    const serverRandom = await client().random();
    await client().captcha();
    const clientRandom = c.randomHex(16);
    const zctgPassword = await c.asymEncrypt('SM2', client().envelope.negotiated.appAsymmetricEncryptionPublicKey, c.utf8Encode(JSON.stringify({ password: 'Demo1234', random: serverRandom, randomClient: clientRandom })));
    const garbled = await client().envelope.post('/pmobile/admin/login/token', {
      username: 'demo',
      captcha: TEST_CAPTCHA,
      lastRev: client().envelope.rev,
      extension: { loginType: '0', zctgPassword, random: serverRandom, randomClient: clientRandom, key: client().device.publicKey, signMsg: '%%%not-base64', channelCode: 'WY' },
    });
    expect(garbled.json.returnCode).toBe(RETURN_CODES.SIGNATURE_INVALID.code);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await client().attempt('checker', 'Wrong1234');
    const unknown = await client().attempt('nobody', 'Demo1234');
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json).toMatchObject({ returnCode: RETURN_CODES.CREDENTIALS_INVALID.code, returnMsg: '用户名或密码错误，还可尝试4次' });
    // checker's count is back to 0 after a right password.
    expect(code((await client().attempt('checker', 'Demo1234')).json)).toBe('000000');
  });

  it('refuses a plaintext password in the password field', async () => {
    const serverRandom = await client().random();
    await client().captcha();
    const res = await client().envelope.post('/pmobile/admin/login/token', {
      username: 'demo',
      password: 'Demo1234',
      captcha: TEST_CAPTCHA,
      lastRev: client().envelope.rev,
      extension: {
        loginType: '0',
        zctgPassword: 'AAAA',
        random: serverRandom,
        randomClient: c.randomHex(16),
        key: client().device.publicKey,
        signMsg: 'AAAA',
        channelCode: 'WY',
      },
    });
    expect(code(res.json)).toBe(RETURN_CODES.INVALID_PARAMETER.code);
  });

  it('validates the login body with the spec messages', async () => {
    const res = await client().envelope.post('/pmobile/admin/login/token', { username: 'demo', captcha: 'ABC', lastRev: 'x', extension: {} });
    expect(res.json).toMatchObject({ returnCode: RETURN_CODES.INVALID_PARAMETER.code });
    const short = await client().envelope.post('/pmobile/admin/login/token', {
      username: 'demo',
      captcha: 'ABC',
      lastRev: 'x',
      extension: { loginType: '0', zctgPassword: 'x', random: c.randomHex(16), randomClient: c.randomHex(16), key: client().device.publicKey, signMsg: 'x', channelCode: 'WY' },
    });
    expect(short.json.returnMsg).toBe('请输入5位图形验证码！');
  });

  it('keeps passwords, tokens and captcha answers out of the logs and the audit log', async () => {
    const token = await client().token('demo', 'Demo1234');
    const audit = JSON.stringify(await db().selectFrom('audit_log').selectAll().execute());
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of ['Demo1234', 'Wrong1234', token, TEST_CAPTCHA]) {
      expect(text).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
  });

  it('audits login successes and failures with their reason, and flags a new device', async () => {
    const rows = await db()
      .selectFrom('audit_log')
      .select(['event', 'outcome', 'username', 'detail'])
      .where('event', '=', 'login')
      .execute();
    const reasons = rows.filter((r) => r.outcome === 'failure').map((r) => (r.detail as { reason: string }).reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['captcha_wrong', 'captcha_expired', 'random_invalid', 'signature_invalid', 'wrong_password', 'unknown_user']),
    );
    const successes = rows.filter((r) => r.outcome === 'success');
    expect((successes[0]?.detail as { newDevice: boolean }).newDevice).toBe(true);
    expect((successes[1]?.detail as { newDevice: boolean }).newDevice).toBe(false);
  });
});

describe('sessions', () => {
  const { app, client, db } = serverUnderTest();
  const check = (token: string) => client().call('/pmobile/customer/user/isExpiredOrFirstLogin', { username: 'demo' }, token);

  it('refuses a call without a token or with a made-up one with 401', async () => {
    const none = await client().envelope.post('/pmobile/customer/user/isExpiredOrFirstLogin', { username: 'demo' });
    expect(none.res.statusCode).toBe(401);
    expect(none.json).toMatchObject({ returnCode: '040001', returnMsg: '认证失败，请重新登录！' });
    expect((await check('made-up')).res.statusCode).toBe(401);
  });

  it('ends the earlier session of a user number when it logs in again', async () => {
    const first = await client().token('demo', 'Demo1234');
    const second = await client().token('demo', 'Demo1234');
    expect((await check(first)).res.statusCode).toBe(401);
    expect((await check(second)).res.statusCode).toBe(200);
  });

  it('ends a session on logout', async () => {
    const token = await client().token('demo', 'Demo1234');
    const out = await client().call('/pmobile/admin/logout/token', { token }, token);
    expect(out.json.returnCode).toBe('000000');
    expect((await check(token)).res.statusCode).toBe(401);
  });

  it('expires after 30 idle minutes, and activity keeps it alive until 12 hours', async () => {
    const idle = await client().token('demo', 'Demo1234');
    app().clock.advance(29 * 60_000);
    expect((await check(idle)).res.statusCode).toBe(200);
    app().clock.advance(31 * 60_000);
    expect((await check(idle)).res.statusCode).toBe(401);

    const busy = await client().token('demo', 'Demo1234');
    for (let elapsed = 0; elapsed < 11.5 * 60; elapsed += 25) {
      app().clock.advance(25 * 60_000);
      expect((await check(busy)).res.statusCode).toBe(200);
    }
    app().clock.advance(40 * 60_000);
    expect((await check(busy)).res.statusCode).toBe(401);
  });

  it('refuses a call that lacks its authority with 403 and audits it', async () => {
    const token = await client().token('demo', 'Demo1234');
    const res = await client().call('/pmobile/customer/userUnlock/queryLockUser', {}, token);
    expect(res.res.statusCode).toBe(403);
    expect(res.json.returnCode).toBe(RETURN_CODES.FORBIDDEN.code);
    const denied = await db().selectFrom('audit_log').selectAll().where('event', '=', 'access.denied').execute();
    expect(denied.at(-1)).toMatchObject({ username: 'demo', user_no: 'U100000101' });
  });
});

describe('rate limits', () => {
  it('refuses the sixth login call and the fourth captcha within a minute from one address with 429', async () => {
    const app = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '5', CAPTCHA_RATE_LIMIT: '3' });
    try {
      const client = await loginClient(app);
      const randoms = [];
      for (let i = 0; i < 6; i++) randoms.push((await app.inject({ method: 'POST', url: '/pmobile/customer/Random', headers: client.envelope.headers })).statusCode);
      expect(randoms).toEqual([200, 200, 200, 200, 200, 429]);
      // Each route counts apart: the spent server randoms leave the login's own budget whole.
      const login = await client.attempt('demo', 'Wrong1234', { fetchCaptcha: false, random: 'a'.repeat(32) });
      expect(login.res.statusCode).not.toBe(429);
      const captchas = [];
      for (let i = 0; i < 4; i++) captchas.push((await client.captcha()).statusCode);
      expect(captchas).toEqual([200, 200, 200, 429]);
      const refused = await client.captcha();
      expect(refused.json()).toMatchObject({ returnCode: RETURN_CODES.TOO_MANY_REQUESTS.code, returnMsg: '请求过于频繁，请稍后再试' });
    } finally {
      await app.close();
    }
  });
});

describe('a login budget per username (second penetration test)', () => {
  it('refuses the fourth login attempt on one username a minute from four addresses with 429, whether the name exists or not; other names go on', async () => {
    const app = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000', LOGIN_USERNAME_LIMIT: '3' });
    try {
      const from = (address: string) => loginClient({ config: app.config, inject: (request) => app.inject({ ...request, remoteAddress: address }) });
      const clients = await Promise.all(['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'].map(from));
      for (const name of ['demo', 'nosuchuser6']) {
        const answers = [];
        for (const client of clients) answers.push(code((await client.attempt(name, 'Wrong1abc')).json));
        const wrong = RETURN_CODES.CREDENTIALS_INVALID.code;
        expect(answers).toEqual([wrong, wrong, wrong, RETURN_CODES.TOO_MANY_REQUESTS.code]);
        // A name is counted as the login looks it up: surrounding spaces do not make another.
        const padded = await clients[0]!.attempt(` ${name} `, 'Demo1234');
        expect(padded.res.statusCode).toBe(429);
        expect(padded.json).toMatchObject({ returnCode: RETURN_CODES.TOO_MANY_REQUESTS.code, returnMsg: '请求过于频繁，请稍后再试' });
      }
      expect((await clients[3]!.attempt('checker', 'Demo1234')).json.returnCode).toBe('000000');
    } finally {
      await app.close();
    }
  });
});

describe('every API route declares who may call it', () => {
  it('refuses to register an API route that serves no operation', async () => {
    const app = await createTestApp();
    app.register(async (api) => api.get('/undeclared', async () => 'x'), { prefix: '/pmobile' });
    await expect(app.ready()).rejects.toThrow(/serves no operation/);
    await app.close().catch(() => undefined);
  });
});
