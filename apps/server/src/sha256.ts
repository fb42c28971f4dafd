import { createHash } from 'node:crypto';

/** SHA-256 of a text's UTF-8 bytes, as 64 lowercase hex characters: what the server stores in place of a secret or a name it must not keep. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
