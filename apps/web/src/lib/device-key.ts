import { portalCrypto, type KeyPair } from '@portal/crypto';
import { loginSigningString } from '@portal/shared';

/**
 * The browser's device key (docs/wire.md "Signatures"): an SM2 key pair made once per browser and
 * kept in IndexedDB, which signs every login so the server can tell a known device from a new
 * one, and the sensitive operations of the session that login opened (docs/signing.md). SM2 is not in WebCrypto, so the key is stored as hex (same-origin only, like the token).
 */
const DB_NAME = 'zctg-device';
const STORE = 'keys';
const KEY_ID = 'login-sm2';

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return settle(request);
}

async function loadOrCreate(): Promise<KeyPair> {
  const db = await openDatabase();
  try {
    const stored = await settle<KeyPair | undefined>(db.transaction(STORE).objectStore(STORE).get(KEY_ID));
    if (stored) return stored;
    const created = await portalCrypto.sm2GenerateKeyPair();
    // Another tab may have stored one meanwhile: keep whichever is there first.
    const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
    const raced = await settle<KeyPair | undefined>(store.get(KEY_ID));
    if (raced) return raced;
    await settle(store.add(created, KEY_ID));
    return created;
  } finally {
    db.close();
  }
}

let deviceKey: Promise<KeyPair> | undefined;

/** The stored key pair; where IndexedDB is unavailable, a key for this page only (a "new device"). */
function currentKey(): Promise<KeyPair> {
  deviceKey ??= loadOrCreate().catch(() => portalCrypto.sm2GenerateKeyPair());
  return deviceKey;
}

/** The device's public key ('04'+X+Y hex): a scan-code login binds the new session to it. */
export async function devicePublicKey(): Promise<string> {
  return (await currentKey()).publicKey;
}

/** Signs the login message `username|random|randomClient|loginType`: `key` is the public key, `signMsg` base64 DER. */
export async function signLogin(username: string, random: string, randomClient: string, loginType: string) {
  const { publicKey } = await currentKey();
  return { key: publicKey, signMsg: await signWithDeviceKey(loginSigningString(username, random, randomClient, loginType)) };
}

/**
 * base64 of the DER SM2 signature (SM3, user ID 1234567812345678) of a UTF-8 text by the device
 * key: the key the session's login was signed with, which signed operations must be signed by.
 */
export async function signWithDeviceKey(text: string): Promise<string> {
  const { privateKey } = await currentKey();
  return portalCrypto.toBase64(await portalCrypto.sm2Sign(privateKey, portalCrypto.utf8Encode(text)));
}
