export type SymType = 'SM4' | 'AES';
export type AsymType = 'SM2' | 'RSA';

/** SM2: private key hex(64), public key '04'+X+Y hex(130). RSA: PKCS#8 PEM and SPKI PEM. */
export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export interface GcmOutput {
  ciphertext: Uint8Array;
  tag: Uint8Array;
}

/**
 * The one API both implementations satisfy (`./node` on node:crypto, `./browser` on WebCrypto
 * and sm-crypto-v2). Codecs and randomness are synchronous; everything else is async because
 * WebCrypto is. Every refusal is a CryptoError.
 */
export interface PortalCrypto {
  toBase64(bytes: Uint8Array): string;
  fromBase64(text: string): Uint8Array;
  toBase64Url(bytes: Uint8Array): string;
  fromBase64Url(text: string): Uint8Array;
  toHex(bytes: Uint8Array): string;
  fromHex(text: string): Uint8Array;
  utf8Encode(text: string): Uint8Array;
  utf8Decode(bytes: Uint8Array): string;
  randomBytes(length: number): Uint8Array;
  randomHex(byteLength: number): string;

  sm3(data: Uint8Array): Promise<Uint8Array>;
  hmacSm3(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  sha256(data: Uint8Array): Promise<Uint8Array>;
  hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  /** SM3 for SM4 sessions, SHA-256 for AES sessions (docs/wire.md anti-replay). */
  digest(symType: SymType, data: Uint8Array): Promise<Uint8Array>;
  /** HMAC-SM3 for SM4 sessions, HMAC-SHA256 for AES sessions. */
  mac(symType: SymType, key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;

  /** One raw SM4 block (GB/T 32907 known-answer checks); not a message cipher. */
  sm4EncryptBlock(key: Uint8Array, block: Uint8Array): Promise<Uint8Array>;
  aesGcmEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<GcmOutput>;
  aesGcmDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
  sm4GcmEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<GcmOutput>;
  sm4GcmDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
  /** IV(12) ‖ C ‖ T(16) under a fresh random IV. */
  seal(symType: SymType, key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
  open(symType: SymType, key: Uint8Array, message: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;

  sm2GenerateKeyPair(): Promise<KeyPair>;
  /** GM/T 0009 DER SEQUENCE { x, y, hash(C3), ciphertext(C2) }. */
  sm2Encrypt(publicKey: string, data: Uint8Array): Promise<Uint8Array>;
  sm2Decrypt(privateKey: string, ciphertext: Uint8Array): Promise<Uint8Array>;
  /** SM3 with Z over user ID 1234567812345678; DER SEQUENCE { r, s }. */
  sm2Sign(privateKey: string, message: Uint8Array): Promise<Uint8Array>;
  /** False for any invalid or malformed signature; throws only for an invalid public key. */
  sm2Verify(publicKey: string, message: Uint8Array, signature: Uint8Array): Promise<boolean>;

  rsaGenerateKeyPair(bits?: number): Promise<KeyPair>;
  rsaOaepEncrypt(spkiPem: string, data: Uint8Array): Promise<Uint8Array>;
  rsaOaepDecrypt(pkcs8Pem: string, ciphertext: Uint8Array): Promise<Uint8Array>;

  /** base64 of the SM2 or RSA-OAEP encryption of data: the `rev` and `zctgPassword` encoding. */
  asymEncrypt(asymType: AsymType, publicKey: string, data: Uint8Array): Promise<string>;
  asymDecrypt(asymType: AsymType, privateKey: string, encoded: string): Promise<Uint8Array>;
  generateSessionKey(symType: SymType): Uint8Array;
  /** The `rev` header for session key K (16 bytes for SM4, 32 for AES). */
  encryptSessionKey(asymType: AsymType, publicKey: string, key: Uint8Array): Promise<string>;
  /** K from `rev`; with symType the length must match it, otherwise it must be 16 or 32. */
  decryptSessionKey(asymType: AsymType, privateKey: string, rev: string, symType?: SymType): Promise<Uint8Array>;
}
