import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, RETURN_CODES, operationPath } from '@portal/shared';
import { generateCa } from '../src/modules/certificates/ca';
import { recordAudit } from '../src/platform/audit';
import { generateServerKey } from '../src/platform/server-keys';
import { syncReferenceData } from '../src/reference/sync';
import { connectEnvelope } from './helpers/envelope-client';
import { serverUnderTest } from './helpers/server-under-test';
import { API_HEADERS, createTestApp, type TestApp } from './helpers/test-app';

const P = '/pmobile/customer';
const prefixes = { customerPrefix: 'customer', gatewayPrefix: 'gateway' };

/** Spellings of one path that a router may forgive but that are not the operation's path. */
function variants(url: string): Record<string, string> {
  const cut = url.lastIndexOf('/');
  const head = url.slice(0, cut);
  const last = url.slice(cut + 1);
  const hex = `%${last.charCodeAt(last.length - 1).toString(16).toUpperCase()}`;
  const flipped = last[0] === last[0]!.toUpperCase() ? last[0]!.toLowerCase() : last[0]!.toUpperCase();
  return {
    'trailing slash': `${url}/`,
    'double slash': `${head}//${last}`,
    'percent-encoded letter': `${head}/${last.slice(0, -1)}${hex}`,
    'dot segment': `${head}/./${last}`,
    'dot-dot segment': `${head}/x/../${last}`,
    'other letter case': `${head}/${flipped}${last.slice(1)}`,
  };
}

/** A request whose path goes on the wire exactly as written. */
function rawRequest(origin: string, method: string, pathname: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${origin}/`, { method, path: pathname, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('one contract per operation: routes, catalogue and policies', () => {
  const { app, client, db } = serverUnderTest();

  it('serves every operation at its contract path, and nothing else under the API base', () => {
    const served = new Set(app().apiRoutes.map((r) => `${r.method} ${r.url}`));
    const declared = OPERATIONS.map((op) => `${op.method} /pmobile${operationPath(op, prefixes)}`);
    expect(new Set(declared)).toEqual(served);
  });

  it('refuses every non-canonical spelling of every route with 404 before any handler runs', async () => {
    const token = await client().token('admin', 'Admin1234');
    // Over a real socket: an injected request would have its dot segments resolved first.
    const origin = await app().listen({ port: 0, host: '127.0.0.1' });
    const headers = { ...client().envelope.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const { method, url } of app().apiRoutes) {
      for (const [kind, variant] of Object.entries(variants(url))) {
        const res = await rawRequest(origin, method, variant, headers, method === 'GET' ? undefined : '{}');
        expect(res.status, `${kind}: ${method} ${variant}`).toBe(404);
        expect(JSON.parse(res.body).returnCode, `${kind}: ${method} ${variant}`).toBe(RETURN_CODES.NOT_FOUND.code);
      }
    }
  });

  it('H1: a plaintext profile update on a path variant changes nothing', async () => {
    const token = await client().token('demo', 'Demo1234');
    const before = (await db().selectFrom('users').select('nick_name').where('username', '=', 'demo').executeTakeFirstOrThrow()).nick_name;
    for (const url of [`${P}/current/user/update/`, `${P}/current/user/updat%65`]) {
      const res = await app().inject({
        method: 'POST',
        url,
        payload: { nickName: '明文篡改' },
        headers: { ...client().envelope.headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, url).toBe(404);
    }
    const after = (await db().selectFrom('users').select('nick_name').where('username', '=', 'demo').executeTakeFirstOrThrow()).nick_name;
    expect(after).toBe(before);
  });

  it('H1: the login and the unlock call cannot be reached in plaintext or replayed through a trailing slash', async () => {
    const login = await app().inject({ method: 'POST', url: '/pmobile/admin/login/token/', payload: { username: 'demo' }, headers: client().envelope.headers });
    expect(login.statusCode).toBe(404);
    expect(login.body).not.toContain('access_token');
    const token = await client().token('admin', 'Admin1234');
    const unlock = await client().envelope.post(`${P}/userUnlock/update/`, { userId: 1 }, { authorization: `Bearer ${token}` });
    expect(unlock.res.statusCode).toBe(404);
  });

  it('decides every policy on the live catalogue row of the matched operation', async () => {
    const setRow = async (contractId: string, values: { is_encrypt?: number; status?: number }) => {
      await db().updateTable('api_definitions').set(values).where('contract_id', '=', contractId).execute();
      await app().apiRegistry.reload();
    };
    const plainEcho = () =>
      app().inject({ method: 'POST', url: '/pmobile/base/app/echoPlain', payload: { payload: '托管' }, headers: client().envelope.headers });
    expect((await plainEcho()).statusCode).toBe(200);

    // Staff require encryption on it: plaintext is refused from then on.
    await setRow('PLAIN_ECHO', { is_encrypt: 1 });
    expect((await plainEcho()).json().returnCode).toBe(RETURN_CODES.PLAINTEXT_REFUSED.code);

    // Taken out of service.
    await setRow('PLAIN_ECHO', { is_encrypt: 0, status: 0 });
    const disabled = await plainEcho();
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ returnCode: RETURN_CODES.API_DISABLED.code, returnMsg: '接口已停用' });

    // A served route with no catalogue row is refused, never served without a policy.
    await db().deleteFrom('api_definitions').where('contract_id', '=', 'PLAIN_ECHO').execute();
    await app().apiRegistry.reload();
    expect((await plainEcho()).json().returnCode).toBe(RETURN_CODES.API_NOT_REGISTERED.code);
  });
});

describe('Idempotency-Key', () => {
  it('is taken by every write of a session (signed or anti-replay POSTs, and the profile update) and by nothing public', () => {
    const writes = OPERATIONS.filter((op) => op.method === 'POST' && !op.audience.includes('public') && (op.defaults.isAra === 1 || op.signing));
    const reads = new Set(['INSTRUCTION_PAYER_ACCOUNTS', 'INSTRUCTION_BATCH_ACCOUNTS', 'EVENT_STREAM_TICKET']);
    expect(writes.filter((op) => !op.idempotent).map((op) => op.id).sort()).toEqual([...reads].sort());
    expect(OPERATIONS.filter((op) => op.idempotent && op.audience.includes('public'))).toEqual([]);
    expect(OPERATIONS.find((op) => op.id === 'CURRENT_USER_UPDATE')?.idempotent).toBe(true);
  });
});

describe('the API catalogue in a fresh production database', () => {
  let app: TestApp;
  let keysDir: string;

  beforeAll(async () => {
    keysDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-prod-keys-'));
    await generateServerKey(keysDir, 'SM2');
    await generateCa(keysDir);
    app = await createTestApp({ NODE_ENV: 'production', CRYPTO_KEYS_DIR: keysDir, ALLOW_EMBEDDED_IN_PRODUCTION: '1' }, { fresh: true });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(keysDir, { recursive: true, force: true });
  });

  it('has every operation with its contract flags, no partner access, and no demo users', async () => {
    const rows = await app.stores.database.db.selectFrom('api_definitions').selectAll().execute();
    const byContract = new Map(rows.map((r) => [r.contract_id, r]));
    for (const op of OPERATIONS) {
      expect(byContract.get(op.id), op.id).toMatchObject({
        path: operationPath(op, prefixes),
        is_encrypt: op.defaults.isEncrypt,
        is_ara: op.defaults.isAra,
        is_auth: op.defaults.isAuth,
        is_open: 0,
        status: 1,
      });
    }
    expect(await app.stores.database.db.selectFrom('users').select('username').execute()).toEqual([]);
    expect((await app.stores.database.db.selectFrom('menus').select('menu_id').execute()).length).toBeGreaterThan(10);
  });

  it('refuses plaintext on its encrypted paths', async () => {
    const login = await app.inject({ method: 'POST', url: '/pmobile/admin/login/token', payload: { username: 'x' }, headers: API_HEADERS });
    expect(login.json().returnCode).toBe(RETURN_CODES.REV_MISSING.code);
    const client = await connectEnvelope(app);
    const echo = await app.inject({ method: 'POST', url: '/pmobile/base/app/echo', payload: { payload: '明文' }, headers: client.headers });
    expect(echo.statusCode).toBe(400);
    expect(echo.json().returnCode).toBe(RETURN_CODES.PLAINTEXT_REFUSED.code);
  });

  it('keeps staff overrides when the contracts are synced again', async () => {
    const db = app.stores.database.db;
    await db.updateTable('api_definitions').set({ overrides: JSON.stringify({ status: 0 }), status: 0 }).where('contract_id', '=', 'ENVELOPE_ECHO').execute();
    await syncReferenceData(app.stores.database, app.config);
    const row = await db.selectFrom('api_definitions').selectAll().where('contract_id', '=', 'ENVELOPE_ECHO').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 0, is_encrypt: 1, overrides: { status: 0 } });
  });
});

describe('control characters in any input', () => {
  const { app, client, db } = serverUnderTest();

  it('are refused with 400 on every operation, whichever field carries them, while tabs and line breaks pass', async () => {
    const token = await client().token('demo', 'Demo1234');
    const standards = (code: string) => client().call('/pmobile/standard/frontEndComponents/getHxStandardByStandardCode', { codes: [{ code }] }, token);
    for (const bad of ['A\u0000B', 'A\u001bB', 'A\u007fB']) {
      const { res, json } = await standards(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json.returnMsg).toBe('请求参数不能包含控制字符');
    }
    const echo = await app().inject({
      method: 'POST',
      url: '/pmobile/base/app/echoPlain',
      payload: { payload: '第一行\n\t第二行\r\n' },
      headers: client().envelope.headers,
    });
    expect(echo.statusCode).toBe(200);
  });

  it('are lone surrogates too: refused with 400 on every operation a customer reaches, never a 5xx; the audit writes any text', async () => {
    const token = await client().token('demo', 'Demo1234');
    const answers = new Map<string, number>();
    // Logging out would end the session the walk goes on with.
    for (const op of OPERATIONS.filter((o) => o.kind === 'json' && o.audience.includes('customer') && !o.id.endsWith('LOGOUT'))) {
      const url = `/pmobile${operationPath(op, prefixes)}`;
      const bad = { ['k\udc00']: 'x\udc00\ud800y', ids: [1], remark: '\ud800' };
      const { res } = op.method === 'GET' ? await client().get(url, bad, token) : await client().call(url, bad, token);
      answers.set(op.id, res.statusCode);
    }
    expect([...answers].filter(([, status]) => status >= 500)).toEqual([]);
    expect([...answers.values()].filter((status) => status === 400).length).toBeGreaterThan(20);
    const { res, json } = await client().call('/pmobile/standard/frontEndComponents/getHxStandardByStandardCode', { codes: [{ code: 'A\ud800' }] }, token);
    expect(res.statusCode).toBe(400);
    expect(json.returnMsg).toBe('请求包含无法识别的字符，请检查输入内容');
    // The audit entry is written whatever text a refusal quotes.
    const request = { ip: '127.0.0.1', id: 'lone-surrogate' } as Parameters<typeof recordAudit>[1];
    await recordAudit(app().stores.database, request, { event: 'login', outcome: 'failure', username: 'x\ud800', detail: { reason: 'x\udc00\ud800y' } });
    const row = await db().selectFrom('audit_log').select('detail').where('request_id', '=', 'lone-surrogate').executeTakeFirstOrThrow();
    expect(row.detail).toEqual({ reason: 'x\ufffd\ufffdy' });
  });
});

describe('operations that answer by themselves', () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await createTestApp({}, { logStream });
  });
  afterAll(() => app.close());

  it('are answered once: health (200 and its own status code) and the captcha log no second send', async () => {
    const client = await connectEnvelope(app);
    expect((await app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/pmobile/captcha/picture/createCode', headers: client.headers })).statusCode).toBe(200);
    expect(lines.filter((l) => l.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([]);
  });
});
