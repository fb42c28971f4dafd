import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCa } from '../../src/modules/certificates/ca';
import { generateServerKey } from '../../src/platform/server-keys';
import { API_HEADERS, createTestApp, type TestApp } from '../helpers/test-app';

describe('Cache-Control on API answers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is no-store on successes, refusals and unknown API paths', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' }),
      app.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: API_HEADERS }),
      app.inject({ method: 'GET', url: '/pmobile/customer/current/user', headers: API_HEADERS }),
      app.inject({ method: 'GET', url: '/pmobile/customer/current/user' }),
      app.inject({ method: 'GET', url: '/pmobile/no/such/route' }),
      app.inject({ method: 'POST', url: '/pmobile/customer/Random', headers: { ...API_HEADERS, 'content-type': 'application/json' }, payload: '{' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, expect.any(Number), 404, 400]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves other paths to their own caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/pmobilex' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('OpenAPI docs in production', () => {
  let app: TestApp;
  let keysDir: string;
  beforeAll(async () => {
    keysDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-keys-'));
    await generateServerKey(keysDir, 'SM2');
    await generateCa(keysDir);
    app = await createTestApp({ NODE_ENV: 'production', CRYPTO_KEYS_DIR: keysDir, ALLOW_EMBEDDED_IN_PRODUCTION: '1' });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(keysDir, { recursive: true, force: true });
  });

  it('are not served', async () => {
    for (const url of ['/pmobile/docs', '/pmobile/docs/', '/pmobile/docs/json', '/pmobile/docs/static/index.html']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' })).statusCode).toBe(200);
  });
});

/** Opens a raw connection, sends the request head and part of a body, and never finishes it. */
function stalledRequest(port: number, trickle: boolean) {
  return new Promise<{ closedAfterMs: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /pmobile/customer/Random HTTP/1.1\r\nHost: 127.0.0.1\r\nappid: zctgdzhwy\r\nbl: 1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
      );
    });
    // A slowloris keeps the connection busy with a byte now and then, so idling is not what ends it.
    const dripper = trickle ? setInterval(() => socket.writable && socket.write(' '), 100) : undefined;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(dripper);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    setTimeout(() => {
      clearInterval(dripper);
      socket.destroy();
      reject(new Error('the server kept the stalled connection open'));
    }, 10_000).unref();
  });
}

describe('slow clients', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500', CONNECTION_TIMEOUT_MS: '5000' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('are cut off when the body never finishes, even while it trickles', async () => {
    const { closedAfterMs, answer } = await stalledRequest(port, true);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3_000);
    // Node answers 408 when it can; a closed connection is the other acceptable ending.
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('are cut off when the headers never finish', async () => {
    const started = Date.now();
    const closedAfterMs = await new Promise<number>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /pmobile/monitor/system/health HTTP/1.1\r\nHost: x\r\n'));
      const dripper = setInterval(() => socket.writable && socket.write('x-slow: 1\r\n'), 100);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(dripper);
        resolve(Date.now() - started);
      });
    });
    expect(closedAfterMs).toBeLessThan(2_500);
  });

  it('are refused a configuration where headers may take longer than the request', async () => {
    const { loadConfig } = await import('../../src/config');
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });
});
