import { createHash } from 'node:crypto';

/** SM3 of bytes (or a text's UTF-8 bytes), as 64 lowercase hex characters: the digest files, signed texts and statements are kept under. */
export const sm3Hex = (data: Buffer | string): string => createHash('sm3').update(data).digest('hex');
