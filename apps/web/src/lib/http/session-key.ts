import { portalCrypto as c, type AsymType, type SymType } from '@portal/crypto';
import { API_BASE, BASE_HEADERS } from './api-base';
import { transport } from './transport';

export interface SessionKey {
  asym: AsymType;
  sym: SymType;
  publicKey: string;
  key: Uint8Array;
  rev: string;
  encryptedPaths: ReadonlySet<string>;
}

let current: Promise<SessionKey> | undefined;

async function call(path: string, init: RequestInit) {
  const res = await transport(API_BASE + path, init);
  const body = (await res.json()) as { returnCode: string; returnMsg: string; data: unknown };
  if (!res.ok || body.returnCode !== '000000') throw new Error(body.returnMsg || `${path} ${res.status}`);
  return body.data;
}

async function negotiate(headers: Record<string, string>): Promise<SessionKey> {
  const info = (await call('/base/app/getEncryptionPublicKey', { method: 'POST', headers })) as {
    appAsymmetricEncryptionPublicKey: string;
    appAsymmetricEncryptionType: AsymType;
    appSymmetricEncryptionType: SymType;
  };
  const sym = info.appSymmetricEncryptionType;
  const key = c.generateSessionKey(sym);
  const rev = await c.encryptSessionKey(info.appAsymmetricEncryptionType, info.appAsymmetricEncryptionPublicKey, key);
  const list = (await call('/initial/api/list', { method: 'GET', headers: { ...headers, rev } })) as {
    path: string;
    isEncrypt: number;
  }[];
  return {
    asym: info.appAsymmetricEncryptionType,
    sym,
    publicKey: info.appAsymmetricEncryptionPublicKey,
    key,
    rev,
    encryptedPaths: new Set(list.filter((a) => a.isEncrypt === 1).map((a) => a.path)),
  };
}

/** The session key and the encrypted-API list, negotiated once per page session (spec §7). */
export function sessionKey(): Promise<SessionKey> {
  current ??= negotiate(BASE_HEADERS).catch((err: unknown) => {
    current = undefined;
    throw err;
  });
  return current;
}

/** Forget the key (server keys rotated, or the server no longer knows our `rev`). */
export function resetSessionKey() {
  current = undefined;
}
