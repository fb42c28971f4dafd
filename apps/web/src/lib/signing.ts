import { portalCrypto } from '@portal/crypto';
import { SIGN_DATA_MESSAGE, signingDataToSend, signingDataTooLong, type AnyOperation } from '@portal/shared';
import { certificateSessionKey } from './cert-key';
import { signWithDeviceKey } from './device-key';

/** Spec §5: the signing data is over 1,024 characters; the call is not sent. */
export class SigningDataTooLongError extends Error {
  constructor() {
    super(SIGN_DATA_MESSAGE);
    this.name = 'SigningDataTooLongError';
  }
}

/**
 * `signMsg` for an input of a signed operation (docs/signing.md): the canonical signing data the
 * server will build from the same input, signed by the key that signed the login: the
 * certificate's after a certificate login, else the device key.
 * The HTTP client calls this for every operation whose contract declares signing.
 */
export async function signOperation(op: AnyOperation, input: unknown): Promise<string> {
  const data = signingDataToSend(op, input);
  if (signingDataTooLong(data)) throw new SigningDataTooLongError();
  const certKey = await certificateSessionKey();
  if (!certKey) return signWithDeviceKey(data);
  return portalCrypto.toBase64(await portalCrypto.sm2Sign(certKey, portalCrypto.utf8Encode(data)));
}
