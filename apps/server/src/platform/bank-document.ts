import JSZip from 'jszip';
import { sm3Hex } from '../sm3';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the documents the bank vouches for (docs/evidence.md). */
    bankSigner: BankSigner;
  }
}

/** The bank's document-signing key: certified by the bank's root, which `rootPem` is. */
export interface BankSigner {
  certificatePem: string;
  rootPem: string;
  /** SM2 with SM3 and the default ID 1234567812345678, DER `SEQUENCE { r, s }`. */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/** The names of the pack's fixed parts (docs/evidence.md), which scripts/verify-evidence.sh reads. */
export const PACK = {
  manifest: 'manifest.json',
  signature: 'manifest.sig',
  sums: 'SM3SUMS',
  signer: 'bank/signer.pem',
  root: 'bank/ca.pem',
} as const;

/**
 * A zip the bank signs: every file's SM3 listed in SM3SUMS (`<hex>  <path>`, as `sm3sum`-style
 * tools print), the SM3 of SM3SUMS in the manifest, and the manifest signed by the bank's key;
 * so one signature vouches for every byte, and a verifier needs OpenSSL alone
 * (scripts/verify-evidence.sh). `files` paths are relative, ASCII, without `..`.
 */
export async function signedPack(signer: BankSigner, manifest: Record<string, unknown>, files: ReadonlyMap<string, Uint8Array | string>, signedAt: Date) {
  const all = new Map<string, Buffer>();
  const put = (name: string, body: Uint8Array | string) => all.set(name, typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));
  for (const [name, body] of files) put(name, body);
  put(PACK.signer, signer.certificatePem);
  put(PACK.root, signer.rootPem);
  const sums = [...all].map(([name, body]) => `${sm3Hex(body)}  ${name}\n`).join('');
  // First, so a plain `grep` finds the manifest's own and never a field of the content.
  const manifestText = `${JSON.stringify({ signedAt: signedAt.toISOString(), sm3sums: sm3Hex(Buffer.from(sums, 'utf8')), ...manifest }, null, 2)}\n`;
  const manifestBytes = Buffer.from(manifestText, 'utf8');
  const zip = new JSZip();
  // Every entry dated as signed: the archive's own dates mean nothing, the manifest's time does.
  const date = signedAt;
  zip.file(PACK.manifest, manifestBytes, { date });
  zip.file(PACK.signature, await signer.sign(manifestBytes), { date });
  zip.file(PACK.sums, sums, { date });
  for (const [name, body] of all) zip.file(name, body, { date });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
}
