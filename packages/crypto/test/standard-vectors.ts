import { readFileSync } from 'node:fs';

/**
 * The standard known-answer vectors (GB/T 32905, 32907, 32918.5, RFC 8998, the GCM paper), kept
 * in the repository beside the tests so that a clone checks its cryptography on its own. Each
 * vector names its source in the JSON file.
 */
export interface Vectors {
  sm3: { msg_ascii: string; digest: string }[];
  sm4: { key: string; plaintext: string; ciphertext: string; iterations: number }[];
  sm4_gcm: { key: string; iv: string; aad: string; plaintext: string; ciphertext: string; tag: string }[];
  sm2_sign: { d: string; pub: string; user_id_ascii: string; msg_ascii: string; k: string; za: string; e: string; r: string; s: string }[];
  sm2_encrypt: { d: string; msg_ascii: string; k: string; c1: string; c3: string; c2: string }[];
  aes_gcm: { key: string; iv: string; aad: string; plaintext: string; ciphertext: string; tag: string }[];
}

export function loadVectors(): Vectors {
  const file = new URL('./standard-vectors.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { vectors: Vectors }).vectors;
}
