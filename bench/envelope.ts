import autocannon from 'autocannon';
import { portalCrypto as c } from '@portal/crypto/node';
import { envelopeAad, platformApi } from '@portal/shared';
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
  return { requestsPerSec: Math.round(result.requests.average), latencyP99ms: result.latency.p99 };
}

const median = (runs: Load[]): Load => [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(runs.length / 2)]!;
const ratio = (a: Load, b: Load) => Number((a.requestsPerSec / b.requestsPerSec).toFixed(3));

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
 * A 1 KB echo, plaintext vs encrypted: with the default suite (SM2 + SM4) and the rev cache,
 * with the cache off, and with the RSA + AES suite.
 */
export async function envelopeThroughput() {
  const sm4 = await measure(8295);
  const uncached = await measure(8296, { REV_CACHE_SIZE: '0' });
  const aes = await measure(8297, { CRYPTO_ASYMMETRIC: 'RSA', CRYPTO_SYMMETRIC: 'AES' });
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
    rsaAes: { plaintext: aes.plain, encryptedWithRevCache: aes.encrypted, ratioWithCache: ratio(aes.encrypted, aes.plain) },
  };
}
