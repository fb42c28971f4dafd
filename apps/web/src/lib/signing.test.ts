import { describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto';
import { SIGN_DATA_MESSAGE, signingDataToSend, usersApi } from '@portal/shared';
import { signLogin } from './device-key';
import { SigningDataTooLongError, signOperation } from './signing';

// Without IndexedDB (as here) the device key lives for the page: the same key signs the login and the operations.
describe('signOperation', () => {
  it('signs the signing data of the validated input with the device key that signs the login', async () => {
    const { key } = await signLogin('admin', 'r', 'c', '0');
    const input = { userId: 7, nickName: ' 李静 ', signChallenge: '0123456789abcdef0123456789abcdef' };
    const signMsg = await signOperation(usersApi.userUpdate, input);
    const data = signingDataToSend(usersApi.userUpdate, input);
    // The session's single-use challenge is the last field.
    expect(data).toBe('UserEdit|7|李静|||||1|[]|0123456789abcdef0123456789abcdef');
    expect(await c.sm2Verify(key, c.utf8Encode(data), c.fromBase64(signMsg))).toBe(true);
  });

  it('refuses signing data over 1,024 characters with the spec message, before anything is sent', async () => {
    const userNos = Array.from({ length: 100 }, (_, i) => `U${100000000 + i}`);
    const refusal = signOperation(usersApi.userRolesAssign, { roleId: 1, userNos, signChallenge: '0123456789abcdef0123456789abcdef' });
    await expect(refusal).rejects.toBeInstanceOf(SigningDataTooLongError);
    await expect(refusal).rejects.toThrow(SIGN_DATA_MESSAGE);
  });
});
