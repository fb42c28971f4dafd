import { createHash, createHmac } from 'node:crypto';
import { nodeBase64 } from './codec-node';
import { createPortalCrypto } from './compose';
import { ecbEncrypt } from './gcm-node';
import { type EngineChoice, opensslGcm, sm2Engines, sm4GcmEngines } from './node-engines';
import { plain } from './node-bytes';
import { rsaGenerateNode, rsaOaepDecryptNode, rsaOaepEncryptNode } from './rsa-node';
import type { PortalCrypto } from './types';

// The Node implementation over a choice of engines (node-engines.ts); node.ts builds the one the
// process uses, tests build each explicitly.

const hash = (algorithm: string) => async (data: Uint8Array) => plain(createHash(algorithm).update(data).digest());
const hmac = (algorithm: string) => async (key: Uint8Array, data: Uint8Array) =>
  plain(createHmac(algorithm, key).update(data).digest());

export const createNodeCrypto = (engines: EngineChoice): PortalCrypto =>
  createPortalCrypto({
    sm3: hash('sm3'),
    hmacSm3: hmac('sm3'),
    sha256: hash('sha256'),
    hmacSha256: hmac('sha256'),
    // The cached context: a fresh one per call costs up to 0.6 ms on Node 24 (the GB/T 32907
    // vector encrypts a million times).
    sm4EncryptBlock: async (key, block) => ecbEncrypt('sm4', key, block),
    // Synchronous engines, used as they are (compose.ts awaits only what is a promise).
    aesGcm: opensslGcm('aes-256-gcm'),
    sm4Gcm: sm4GcmEngines[engines.sm4Gcm],
    sm2: sm2Engines[engines.sm2],
    rsaGenerateKeyPair: rsaGenerateNode,
    rsaOaepEncrypt: rsaOaepEncryptNode,
    rsaOaepDecrypt: rsaOaepDecryptNode,
    base64: nodeBase64,
  });
