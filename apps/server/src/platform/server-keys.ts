import fs from 'node:fs/promises';
import path from 'node:path';
import { portalCrypto, type AsymType, type SymType } from '@portal/crypto';
import { sha256Hex } from '../sha256';
import type { Config } from '../config';

interface KeyFile {
  type: AsymType;
  keyId: string;
  createdAt: string;
  publicKey: string;
  privateKey: string;
}

export interface ServerKeys {
  asymmetric: AsymType;
  symmetric: SymType;
  /** The key published to clients. */
  active: { keyId: string; publicKey: string };
  /** K from a `rev`, trying the published key first, then older ones still accepted during a rotation. */
  decryptSessionKey(rev: string): Promise<Uint8Array>;
  /** Plaintext of an asymmetric ciphertext (password fields), with the same key order. */
  decrypt(encoded: string): Promise<Uint8Array>;
}

const keyIdOf = (publicKey: string) => sha256Hex(publicKey).slice(0, 16);

/** Writes a new key pair of `type` into `dir` (mode 0600); it becomes the published key. */
export async function generateServerKey(dir: string, type: AsymType): Promise<KeyFile> {
  const pair = type === 'SM2' ? await portalCrypto.sm2GenerateKeyPair() : await portalCrypto.rsaGenerateKeyPair(3072);
  const file: KeyFile = { type, keyId: keyIdOf(pair.publicKey), createdAt: new Date().toISOString(), ...pair };
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(dir, `${type.toLowerCase()}-${file.keyId}.json`), JSON.stringify(file, null, 2), {
    mode: 0o600,
    flag: 'wx',
  });
  return file;
}

async function readKeys(dir: string, type: AsymType): Promise<KeyFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const prefix = `${type.toLowerCase()}-`;
  const keys = await Promise.all(
    names
      .filter((n) => n.startsWith(prefix) && n.endsWith('.json'))
      .map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as KeyFile),
  );
  return keys.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Loads the server's key pairs from CRYPTO_KEYS_DIR (newest published, older ones still
 * decrypt). Outside production a first start generates one; production refuses to start
 * without configured keys.
 */
export async function loadServerKeys(config: Config): Promise<ServerKeys> {
  const type = config.CRYPTO_ASYMMETRIC;
  let keys = await readKeys(config.keysDir, type);
  if (keys.length === 0) {
    if (config.NODE_ENV === 'production') {
      throw new Error(`No ${type} server key in ${config.keysDir}; create one with npm run keys:generate -w @portal/server`);
    }
    keys = [await generateServerKey(config.keysDir, type)];
  }
  const [active] = keys as [KeyFile, ...KeyFile[]];

  async function decrypt(encoded: string, symmetric?: SymType): Promise<Uint8Array> {
    let lastError: unknown;
    for (const key of keys) {
      try {
        return symmetric
          ? await portalCrypto.decryptSessionKey(type, key.privateKey, encoded, symmetric)
          : await portalCrypto.asymDecrypt(type, key.privateKey, encoded);
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError;
  }

  return {
    asymmetric: type,
    symmetric: config.CRYPTO_SYMMETRIC,
    active: { keyId: active.keyId, publicKey: active.publicKey },
    decryptSessionKey: (rev) => decrypt(rev, config.CRYPTO_SYMMETRIC),
    decrypt: (encoded) => decrypt(encoded),
  };
}
