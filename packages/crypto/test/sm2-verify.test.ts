import { describe, expect, it } from 'vitest';
import { ascii, flipBit, impls } from './helpers';

// Verification keeps a window table per signer key: a key's later verifications must answer as
// its first did, for valid and forged signatures alike.
describe.each(impls)('$name: SM2 verification of a key seen before', ({ api }) => {
  it('accepts each valid signature and refuses each forgery, however often the key comes back', async () => {
    const signer = await api.sm2GenerateKeyPair();
    const other = await api.sm2GenerateKeyPair();
    for (let i = 0; i < 4; i++) {
      const message = ascii(`复核|ZL2026${i}|1000000.00`);
      const signature = await api.sm2Sign(signer.privateKey, message);
      expect(await api.sm2Verify(signer.publicKey, message, signature)).toBe(true);
      expect(await api.sm2Verify(signer.publicKey, ascii(`复核|ZL2026${i}|1000000.01`), signature)).toBe(false);
      expect(await api.sm2Verify(signer.publicKey, message, flipBit(signature, signature.length - 1))).toBe(false);
      expect(await api.sm2Verify(other.publicKey, message, signature)).toBe(false);
      // The same key in capitals is the same signer.
      expect(await api.sm2Verify(signer.publicKey.toUpperCase(), message, signature)).toBe(true);
    }
  });
});
