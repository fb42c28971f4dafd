import { portalCrypto as c, type AsymType, type SymType } from '@portal/crypto';
import { ENVELOPE_HEADERS, platformApi, type OperationData } from '@portal/shared';
import { API_BASE, BASE_HEADERS, apiUrl, pathOf } from './api-base';
import { transport } from './transport';

export interface SessionKey {
  asym: AsymType;
  sym: SymType;
  publicKey: string;
  key: Uint8Array;
  rev: string;
  encryptedPaths: ReadonlySet<string>;
  /** The catalogue version the list was read at, sent with every call so a stale list is noticed. */
  apiVersion: string;
}

let current: Promise<SessionKey> | undefined;

type Negotiation = typeof platformApi.getEncryptionPublicKey | typeof platformApi.initialApiList;

/** The two calls before a key exists, in plaintext by definition (the HTTP client needs the key). */
async function call<Op extends Negotiation>(op: Op, headers: Record<string, string>): Promise<{ data: OperationData<Op>; headers: Headers }> {
  const path = pathOf(op);
  const res = await transport(apiUrl(API_BASE + path), { method: op.method, headers });
  const body = (await res.json()) as { returnCode: string; returnMsg: string; data: OperationData<Op> };
  if (!res.ok || body.returnCode !== '000000') throw new Error(body.returnMsg || `${path} ${res.status}`);
  return { data: body.data, headers: res.headers };
}

async function negotiate(headers: Record<string, string>): Promise<SessionKey> {
  const { data: info } = await call(platformApi.getEncryptionPublicKey, headers);
  const sym = info.appSymmetricEncryptionType;
  const key = c.generateSessionKey(sym);
  const rev = await c.encryptSessionKey(info.appAsymmetricEncryptionType, info.appAsymmetricEncryptionPublicKey, key);
  return {
    asym: info.appAsymmetricEncryptionType,
    sym,
    publicKey: info.appAsymmetricEncryptionPublicKey,
    key,
    rev,
    ...(await readApiList(rev)),
  };
}

/** The encrypted-API list and its catalogue version, read with the key's `rev`. */
async function readApiList(rev: string) {
  const { data: list, headers } = await call(platformApi.initialApiList, { ...BASE_HEADERS, rev });
  return {
    encryptedPaths: new Set(list.filter((a) => a.isEncrypt === 1).map((a) => a.path)),
    apiVersion: headers.get(ENVELOPE_HEADERS.apiVersion) ?? '',
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

/** A new random key sealed for the server as the session's is: a `rev` used once (the captcha's, spec §7). */
export async function freshRev(): Promise<string> {
  const sk = await sessionKey();
  return c.encryptSessionKey(sk.asym, sk.publicKey, c.generateSessionKey(sk.sym));
}

/** The catalogue changed since the list was read: read it again, keeping the key and its `rev`. */
export async function refreshApiList(): Promise<void> {
  const sk = await sessionKey();
  const list = await readApiList(sk.rev);
  current = Promise.resolve({ ...sk, ...list });
}

/** Forget the key and the list (server keys rotated, the server no longer knows our `rev`, or the catalogue changed). */
export function resetSessionKey() {
  current = undefined;
}
