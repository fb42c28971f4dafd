import { portalCrypto } from '@portal/crypto';
import { passwordEnvelopeSchema } from '@portal/shared';
import type { ServerKeys } from '../../platform/server-keys';

/**
 * The password inside a control value (docs/wire.md `zctgPassword`), provided it was made for this
 * server random and this client random; null for anything else.
 */
export async function openPassword(keys: ServerKeys, encoded: string, serverRandom: string, clientRandom: string): Promise<string | null> {
  try {
    const plain = JSON.parse(portalCrypto.utf8Decode(await keys.decrypt(encoded))) as unknown;
    const parsed = passwordEnvelopeSchema.safeParse(plain);
    if (!parsed.success) return null;
    return parsed.data.random === serverRandom && parsed.data.randomClient === clientRandom ? parsed.data.password : null;
  } catch {
    return null;
  }
}
