import { portalCrypto, type KeyPair } from '@portal/crypto';

/**
 * The certificate edition's key (docs/certificates.md): an SM2 key pair made in this browser at
 * enrolment, its private key sealed with AES-256-GCM under a non-extractable key derived by
 * PBKDF2 from the user's PIN, kept in IndexedDB with the certificate the bank issued for it.
 * After a certificate login the unlocked key is re-sealed under a per-session non-extractable
 * key, so the session's signed operations need no PIN; logout and any other login drop it.
 */
const DB_NAME = 'zctg-cert';
const STORE = 'cert';
const CERT_ID = 'enrolled';
const SESSION_ID = 'session';
const PBKDF2_ITERATIONS = 310_000;

export const PIN_MESSAGES = {
  wrong: '证书PIN码错误，请重新输入',
  length: 'PIN码须为6到32个字符',
  mismatch: '两次输入的PIN码不一致',
} as const;

export interface StoredCertificate {
  username: string;
  serial: string;
  /** PEM, as the bank issued it. */
  certificate: string;
  publicKey: string;
  salt: Uint8Array;
  iv: Uint8Array;
  sealedKey: Uint8Array;
}

interface SessionKey {
  key: CryptoKey;
  iv: Uint8Array;
  sealedKey: Uint8Array;
}

/** Web Crypto (secure contexts only) and IndexedDB: without both the certificate edition cannot work. */
export function certificateSupported(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && Boolean(crypto.subtle);
}

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await settle(open);
  try {
    return await work(db.transaction(STORE, mode).objectStore(STORE));
  } finally {
    db.close();
  }
}

const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

async function pinKey(pin: string, salt: Uint8Array): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', buffer(portalCrypto.utf8Encode(pin)), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: buffer(salt), iterations: PBKDF2_ITERATIONS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function seal(key: CryptoKey, privateKey: string) {
  const iv = portalCrypto.randomBytes(12);
  const sealedKey = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buffer(iv) }, key, buffer(portalCrypto.fromHex(privateKey))));
  return { iv, sealedKey };
}

async function open(key: CryptoKey, iv: Uint8Array, sealedKey: Uint8Array): Promise<string> {
  return portalCrypto.toHex(new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buffer(iv) }, key, buffer(sealedKey))));
}

/** Keeps the enrolled key, sealed under the PIN, with its certificate; replaces any earlier one. */
export async function saveEnrolment(keys: KeyPair, pin: string, issued: { username: string; serial: string; certificate: string }): Promise<void> {
  const salt = portalCrypto.randomBytes(16);
  const { iv, sealedKey } = await seal(await pinKey(pin, salt), keys.privateKey);
  const record: StoredCertificate = { ...issued, publicKey: keys.publicKey, salt, iv, sealedKey };
  await withStore('readwrite', (store) => settle(store.put(record, CERT_ID)));
}

export async function storedCertificate(): Promise<StoredCertificate | null> {
  if (!certificateSupported()) return null;
  return (await withStore('readonly', (store) => settle<StoredCertificate | undefined>(store.get(CERT_ID)))) ?? null;
}

/** After a renewal: the bank's current certificate for the same key. */
export async function replaceCertificate(serial: string, certificate: string): Promise<void> {
  await withStore('readwrite', async (store) => {
    const record = await settle<StoredCertificate | undefined>(store.get(CERT_ID));
    if (record) await settle(store.put({ ...record, serial, certificate }, CERT_ID));
  });
}

/** The private key, if the PIN opens it; a wrong PIN throws with PIN_MESSAGES.wrong. */
export async function unlockWithPin(record: StoredCertificate, pin: string): Promise<string> {
  try {
    return await open(await pinKey(pin, record.salt), record.iv, record.sealedKey);
  } catch {
    throw new Error(PIN_MESSAGES.wrong);
  }
}

/** The unlocked key becomes the signing key of the session about to open. */
export async function startCertificateSession(privateKey: string): Promise<void> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const sealed: SessionKey = { key, ...(await seal(key, privateKey)) };
  await withStore('readwrite', (store) => settle(store.put(sealed, SESSION_ID)));
}

/** Logout, and any login that is not by certificate, end the certificate session's key. */
export async function endCertificateSession(): Promise<void> {
  if (!certificateSupported()) return;
  await withStore('readwrite', (store) => settle(store.delete(SESSION_ID))).catch(() => undefined);
}

/** The signing key of a certificate session, or null when this session logged in otherwise. */
export async function certificateSessionKey(): Promise<string | null> {
  if (!certificateSupported()) return null;
  const session = await withStore('readonly', (store) => settle<SessionKey | undefined>(store.get(SESSION_ID))).catch(() => undefined);
  return session ? open(session.key, session.iv, session.sealedKey) : null;
}
