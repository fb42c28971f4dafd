import fs from 'node:fs/promises';
import path from 'node:path';
import { fromPem, parseCertificate, portalCrypto } from '@portal/crypto';
import type { Config } from '../../config';
import type { BankSigner } from '../../platform/bank-document';
import type { CertificateAuthority } from './ca';

/** The document-signing key and its certificate, beside the root in CRYPTO_KEYS_DIR. */
export const SIGNER_FILE = 'bank-signer.json';

interface SignerFile {
  publicKey: string;
  privateKey: string;
  certificate: string;
}

const SIGNER_NAME = { country: 'CN', organization: '托管银行', commonName: '托管银行电子证据签名' };

async function readSigner(file: string): Promise<SignerFile | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as SignerFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The bank's document-signing key (evidence packs, 询证函), certified by the bank's root. The root
 * key itself signs certificates only: it stays offline-grade and is used rarely, while this key can
 * be replaced (a new certificate from the root) without changing the one certificate verifiers
 * trust. Made on first use, and again when its certificate has expired.
 */
export async function loadBankSigner(config: Config, ca: CertificateAuthority, now = new Date()): Promise<BankSigner> {
  const file = path.join(config.keysDir, SIGNER_FILE);
  let signer = await readSigner(file);
  const expired = signer && parseCertificate(fromPem('CERTIFICATE', signer.certificate)).notAfter.getTime() <= now.getTime();
  if (!signer || expired || !(await ca.verify(fromPem('CERTIFICATE', signer.certificate)))) {
    const keys = await portalCrypto.sm2GenerateKeyPair();
    const issued = await ca.issue(SIGNER_NAME, keys.publicKey, now);
    signer = { ...keys, certificate: issued.pem };
    await fs.mkdir(config.keysDir, { recursive: true, mode: 0o700 });
    await fs.writeFile(file, JSON.stringify(signer, null, 2), { mode: 0o600 });
  }
  const { privateKey, certificate } = signer;
  return {
    certificatePem: certificate,
    rootPem: ca.rootPem,
    sign: (data) => portalCrypto.sm2Sign(privateKey, data),
  };
}
