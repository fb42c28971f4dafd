import autocannon from 'autocannon';
import { portalCrypto as c } from '@portal/crypto/node';
import { accountsApi, envelopeAad, gatewayApi, platformApi } from '@portal/shared';
import { apiSession } from './lib/api-login';
import { LOGIN_ENV } from './lib/login';
import { startPortalServer } from './lib/server-process';
import { apiPath } from './lib/api-url';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = 3;
const CONNECTIONS = 20;
const HEADERS = { appid: 'zctgdzhwy', bl: '1', 'content-type': 'application/json' };

async function prepare(origin: string) {
  const res = await fetch(origin + apiPath(platformApi.getEncryptionPublicKey), { method: 'POST', headers: HEADERS, body: '{}' });
  const info = (await res.json()).data;
  const key = c.generateSessionKey(info.appSymmetricEncryptionType);
  const rev = await c.encryptSessionKey(info.appAsymmetricEncryptionType, info.appAsymmetricEncryptionPublicKey, key);
  const payload = { payload: 'x'.repeat(1024) };
  const path = apiPath(platformApi.echo);
  const sealed = await c.seal(info.appSymmetricEncryptionType, key, c.utf8Encode(JSON.stringify(payload)), c.utf8Encode(envelopeAad('POST', path, 'request')));
  return {
    encrypted: { url: origin + path, body: JSON.stringify({ request: c.toBase64(sealed) }), headers: { ...HEADERS, rev } },
    plain: { url: origin + apiPath(platformApi.echoPlain), body: JSON.stringify(payload), headers: HEADERS },
  };
}

type Target = { url: string; body: string; headers: Record<string, string> };
type Load = { requestsPerSec: number; latencyP99ms: number };

async function load(target: Target, durationS: number): Promise<Load> {
  const result = await autocannon({ ...target, method: 'POST', connections: CONNECTIONS, duration: durationS });
  if (result.non2xx > 0) throw new Error(`${target.url}: ${result.non2xx} non-2xx answers`);
  // A stalled run (every call timed out) is no measurement: 0 req/s would read as one.
  if (result.requests.total === 0) throw new Error(`${target.url}: no call answered in ${durationS} s (${result.errors} errors)`);
  return { requestsPerSec: Math.round(result.requests.average), latencyP99ms: result.latency.p99 };
}

const median = (runs: Load[]): Load => [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(runs.length / 2)]!;
const ratio = (a: Load, b: Load) => Number((a.requestsPerSec / b.requestsPerSec).toFixed(3));
/** What the envelope adds to one call at this concurrency: 1/encrypted − 1/plaintext, in µs. */
const envelopeMicros = (encrypted: Load, plain: Load) => Math.round(1e6 / encrypted.requestsPerSec - 1e6 / plain.requestsPerSec);

/**
 * Plaintext and encrypted echo on one server started with `env`. On a shared machine one
 * load's figure drifts by a third from run to run, so the two alternate over ROUNDS rounds
 * (after an unmeasured warm-up of each) and each side reports its median round.
 */
async function measure(port: number, env: Record<string, string> = {}) {
  const server = await startPortalServer(port, env);
  try {
    const targets = await prepare(server.origin);
    await load(targets.plain, 2);
    await load(targets.encrypted, 2);
    const plain: Load[] = [];
    const encrypted: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      plain.push(await load(targets.plain, DURATION_S));
      encrypted.push(await load(targets.encrypted, DURATION_S));
    }
    return { plain: median(plain), encrypted: median(encrypted) };
  } finally {
    await server.stop();
  }
}

/**
 * A business read, encrypted and as its plaintext twin: the first page of the demo customer's
 * account list (`account/queryAccountInfo`, encrypted by default) with a logged-in session. The
 * twin is the same operation with its catalogue flag turned off by the gateway admin, as staff
 * would; the two alternate over ROUNDS rounds, the flag switched between them.
 */
async function measureBusinessRead(port: number) {
  const server = await startPortalServer(port, LOGIN_ENV);
  try {
    const admin = await apiSession(server.origin, 'admin', 'Admin1234');
    const customer = await apiSession(server.origin, 'demo', 'Demo1234');
    const all = await fetch(server.origin + apiPath(gatewayApi.apiAll), { headers: admin.headers });
    const op = accountsApi.queryAccountInfo;
    const path = apiPath(op);
    const definition = ((await all.json()).data as { apiId: number; path: string }[]).find((d) => path.endsWith(d.path));
    if (!definition) throw new Error(`${op.id} is not in the catalogue`);
    const setEncrypted = (encrypt: 0 | 1) => admin.call(gatewayApi.apiBatchEncrypt, { ids: String(definition.apiId), encrypt });

    const { sym, key } = customer.session;
    const input = JSON.stringify({ page: 1, limit: 10 });
    const sealed = await c.seal(sym, key, c.utf8Encode(input), c.utf8Encode(envelopeAad('POST', path, 'request')));
    const headers = { ...customer.headers, 'content-type': 'application/json' };
    const targets = {
      encrypted: { url: server.origin + path, body: JSON.stringify({ request: c.toBase64(sealed) }), headers },
      plain: { url: server.origin + path, body: input, headers },
    };
    const loadWith = async (encrypt: 0 | 1, durationS: number) => {
      await setEncrypted(encrypt);
      return load(encrypt ? targets.encrypted : targets.plain, durationS);
    };
    await loadWith(0, 2);
    await loadWith(1, 2);
    const plain: Load[] = [];
    const encrypted: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      plain.push(await loadWith(0, DURATION_S));
      encrypted.push(await loadWith(1, DURATION_S));
    }
    return { operation: op.id, plain: median(plain), encrypted: median(encrypted) };
  } finally {
    await server.stop();
  }
}

/**
 * A 1 KB echo, plaintext vs encrypted: with the default suite (SM2 + SM4) and the rev cache,
 * with the cache off, and with the RSA + AES suite; then a business read against its plaintext
 * twin. `envelopeMicrosPerCall` is what the envelope adds to a call at this concurrency.
 */
export async function envelopeThroughput() {
  const sm4 = await measure(8295);
  const uncached = await measure(8296, { REV_CACHE_SIZE: '0' });
  const aes = await measure(8297, { CRYPTO_ASYMMETRIC: 'RSA', CRYPTO_SYMMETRIC: 'AES' });
  const read = await measureBusinessRead(8298);
  return {
    payloadBytes: 1024,
    durationSeconds: DURATION_S,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    plaintext: sm4.plain,
    encryptedWithRevCache: sm4.encrypted,
    encryptedWithoutRevCache: uncached.encrypted,
    ratioWithCache: ratio(sm4.encrypted, sm4.plain),
    ratioWithoutCache: ratio(uncached.encrypted, uncached.plain),
    envelopeMicrosPerCall: envelopeMicros(sm4.encrypted, sm4.plain),
    goal: { envelopeMicrosPerCall: 60, businessReadRatio: 0.85 },
    rsaAes: {
      plaintext: aes.plain,
      encryptedWithRevCache: aes.encrypted,
      ratioWithCache: ratio(aes.encrypted, aes.plain),
      envelopeMicrosPerCall: envelopeMicros(aes.encrypted, aes.plain),
    },
    businessRead: {
      operation: read.operation,
      plaintextTwin: read.plain,
      encrypted: read.encrypted,
      ratio: ratio(read.encrypted, read.plain),
      envelopeMicrosPerCall: envelopeMicros(read.encrypted, read.plain),
    },
  };
}
