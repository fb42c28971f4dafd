import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portalCrypto as browser } from '../src/browser';
import { concatBytes, fromHex, toBase64 } from '../src/codec';
import { CryptoError, type CryptoErrorCode } from '../src/errors';
import { portalCrypto as node } from '../src/node';
import { createNodeCrypto } from '../src/node-crypto';
import { engineChoice, type GcmEngine, sm2EngineWorks, sm2Engines, sm4GcmEngineWorks, sm4GcmEngines } from '../src/node-engines';
import { jsSm2, type Sm2Engine } from '../src/sm2';
import type { PortalCrypto } from '../src/types';

export { browser, node };

export { loadVectors, type Vectors } from './standard-vectors';

export interface Impl {
  name: 'node' | 'browser';
  api: PortalCrypto;
  sm2: Sm2Engine;
}

export const impls: Impl[] = [
  { name: 'node', api: node, sm2: sm2Engines[engineChoice.sm2] },
  { name: 'browser', api: browser, sm2: jsSm2 },
];

/**
 * Every Node engine of a primitive that depends on the Node line, named explicitly: the native
 * one (skipped where this line lacks it: its start-up check fails) and the project's own one,
 * each inside a Node implementation whose other engines are the ones this process chose.
 */
export const sm2Variants = (Object.keys(sm2Engines) as (keyof typeof sm2Engines)[]).map((name) => ({
  name,
  engine: sm2Engines[name] as Sm2Engine,
  available: sm2EngineWorks(sm2Engines[name]),
  api: createNodeCrypto({ ...engineChoice, sm2: name }),
}));

export const sm4GcmVariants = (Object.keys(sm4GcmEngines) as (keyof typeof sm4GcmEngines)[]).map((name) => ({
  name,
  engine: sm4GcmEngines[name] as GcmEngine,
  available: sm4GcmEngineWorks(sm4GcmEngines[name]),
  api: createNodeCrypto({ ...engineChoice, sm4Gcm: name }),
}));

/** Both directions of every cross-implementation round trip. */
export const directions: [Impl, Impl][] = [
  [impls[0]!, impls[1]!],
  [impls[1]!, impls[0]!],
];

export const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

export async function expectCryptoError(promise: Promise<unknown>, code: CryptoErrorCode): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  if (!(error instanceof CryptoError)) throw new Error(`expected CryptoError ${code}, got ${String(error)}`);
  if (error.code !== code) throw new Error(`expected CryptoError ${code}, got ${error.code}: ${error.message}`);
}

export const flipBit = (bytes: Uint8Array, index: number): Uint8Array => {
  const copy = Uint8Array.from(bytes);
  copy[index] = copy[index]! ^ 1;
  return copy;
};

// SM2 keys as OpenSSL reads them: id-ecPublicKey with the SM2 curve OID 1.2.156.10197.1.301.
const SM2_SPKI_PREFIX = fromHex('3059301306072a8648ce3d020106082a811ccf5501822d034200');
const SEC1_PREFIX = fromHex('307702010104');
const SEC1_CURVE = fromHex('a00a06082a811ccf5501822da144034200');

function pem(label: string, der: Uint8Array): string {
  return `-----BEGIN ${label}-----\n${toBase64(der).match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

export const sm2PublicPem = (publicKey: string): string => pem('PUBLIC KEY', concatBytes(SM2_SPKI_PREFIX, fromHex(publicKey)));

export const sm2PrivatePem = (privateKey: string, publicKey: string): string =>
  pem('EC PRIVATE KEY', concatBytes(SEC1_PREFIX, Uint8Array.of(0x20), fromHex(privateKey), SEC1_CURVE, fromHex(publicKey)));

export const OPENSSL = '/usr/bin/openssl';

/** Runs the OpenSSL CLI in a temp dir holding `files`; returns the named output file, or stdout. */
export function openssl(args: string[], files: Record<string, string | Uint8Array>, output?: string): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-crypto-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    const stdout = execFileSync(OPENSSL, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    return new Uint8Array(output ? readFileSync(path.join(dir, output)) : stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Exit status of an OpenSSL command that is expected to succeed or fail (e.g. -verify). */
export function opensslStatus(args: string[], files: Record<string, string | Uint8Array>): number {
  try {
    openssl(args, files);
    return 0;
  } catch (e) {
    const status = (e as { status?: number | null }).status;
    if (typeof status !== 'number') throw e;
    return status;
  }
}
