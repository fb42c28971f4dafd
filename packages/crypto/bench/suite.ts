import type { PortalCrypto, SymType } from '../src/types';

// Portable benchmark body: bench/crypto.ts runs it on the Node implementation and, bundled with
// the browser implementation, inside Chromium. Only web-standard globals are used here.

export interface Rate {
  opsPerSec: number;
  mbPerSec: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Rate of `op` over about budgetMs, after one warm-up call; bytesPerOp gives MB/s. */
async function rate(op: () => Promise<unknown>, bytesPerOp: number, budgetMs: number): Promise<Rate> {
  await op();
  let ops = 0;
  const start = performance.now();
  const elapsedMs = () => performance.now() - start;
  while (ops === 0 || elapsedMs() < budgetMs) {
    await op();
    ops++;
  }
  const elapsed = elapsedMs();
  const perSecond = ops / (elapsed / 1000);
  return { opsPerSec: round(perSecond), mbPerSec: round((perSecond * bytesPerOp) / 1e6) };
}

export async function runSuite(api: PortalCrypto, budgetMs: number): Promise<Record<string, Rate>> {
  const out: Record<string, Rate> = {};
  const sizes = [
    ['1KB', api.randomBytes(1024)],
    ['64KB', api.randomBytes(65536)],
  ] as const;
  const aad = api.utf8Encode('POST /pmobile/customer/account/queryAccountInfo');
  const macKey = api.randomBytes(16);

  for (const [label, data] of sizes) {
    out[`SM3 ${label}`] = await rate(() => api.sm3(data), data.length, budgetMs);
    out[`HMAC-SM3 ${label}`] = await rate(() => api.hmacSm3(macKey, data), data.length, budgetMs);
    out[`SHA-256 ${label}`] = await rate(() => api.sha256(data), data.length, budgetMs);
    out[`HMAC-SHA256 ${label}`] = await rate(() => api.hmacSha256(macKey, data), data.length, budgetMs);
  }
  for (const sym of ['SM4', 'AES'] as SymType[]) {
    const key = api.generateSessionKey(sym);
    for (const [label, data] of sizes) {
      const sealed = await api.seal(sym, key, data, aad);
      out[`${sym}-GCM seal ${label}`] = await rate(() => api.seal(sym, key, data, aad), data.length, budgetMs);
      out[`${sym}-GCM open ${label}`] = await rate(() => api.open(sym, key, sealed, aad), data.length, budgetMs);
    }
  }

  const sm2 = await api.sm2GenerateKeyPair();
  const sessionKey = api.randomBytes(16);
  const sm2Ciphertext = await api.sm2Encrypt(sm2.publicKey, sessionKey);
  out['SM2 encrypt 16B'] = await rate(() => api.sm2Encrypt(sm2.publicKey, sessionKey), 16, budgetMs);
  out['SM2 decrypt 16B'] = await rate(() => api.sm2Decrypt(sm2.privateKey, sm2Ciphertext), 16, budgetMs);
  const login = api.utf8Encode(`alice|${api.randomHex(16)}|${api.randomHex(16)}|1`);
  const signature = await api.sm2Sign(sm2.privateKey, login);
  out['SM2 sign'] = await rate(() => api.sm2Sign(sm2.privateKey, login), login.length, budgetMs);
  out['SM2 verify'] = await rate(() => api.sm2Verify(sm2.publicKey, login, signature), login.length, budgetMs);
  // More signers than verification keeps tables for (256), in turn: each verification is a key's first.
  const signers = await Promise.all(Array.from({ length: 300 }, async () => {
    const pair = await api.sm2GenerateKeyPair();
    return { publicKey: pair.publicKey, signature: await api.sm2Sign(pair.privateKey, login) };
  }));
  let next = 0;
  out['SM2 verify, a new signer'] = await rate(() => {
    const signer = signers[next++ % signers.length]!;
    return api.sm2Verify(signer.publicKey, login, signer.signature);
  }, login.length, budgetMs);

  const rsa = await api.rsaGenerateKeyPair(3072);
  const aesKey = api.randomBytes(32);
  const rsaCiphertext = await api.rsaOaepEncrypt(rsa.publicKey, aesKey);
  out['RSA-3072-OAEP encrypt 32B'] = await rate(() => api.rsaOaepEncrypt(rsa.publicKey, aesKey), 32, budgetMs);
  out['RSA-3072-OAEP decrypt 32B'] = await rate(() => api.rsaOaepDecrypt(rsa.privateKey, rsaCiphertext), 32, budgetMs);
  return out;
}
