import type { Page } from './fixtures';

// The browser's device key as apps/web/src/lib/device-key.ts keeps it in IndexedDB: the key its
// login was signed with, which signs every sensitive operation of the session.

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}


/** Reads or replaces the device key as lib/device-key.ts keeps it in IndexedDB. */
export const deviceKey = (page: Page, replacement?: KeyPair) =>
  page.evaluate(
    (next) =>
      new Promise<KeyPair | undefined>((resolve, reject) => {
        const open = indexedDB.open('zctg-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('keys', 'readwrite').objectStore('keys');
          const get = store.get('login-sm2');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const current = get.result as KeyPair | undefined;
            if (!next) return resolve(current);
            const put = store.put(next, 'login-sm2');
            put.onerror = () => reject(put.error);
            put.onsuccess = () => resolve(current);
          };
        };
      }),
    replacement,
  );
