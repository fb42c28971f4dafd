import fs from 'node:fs/promises';
import path from 'node:path';
import {
  fromPem,
  issueCertificate,
  parseCertificate,
  portalCrypto,
  toPem,
  verifyCertificateSignature,
  type DistinguishedName,
  type ParsedCertificate,
} from '@portal/crypto';
import type { Config } from '../../config';

/** The root's key and certificate, next to the server keys (its own name: server keys are `sm2-*.json`). */
export const CA_FILE = 'ca-root.json';
const ROOT_YEARS = 20;

interface CaFile {
  createdAt: string;
  publicKey: string;
  privateKey: string;
  certificate: string;
}

export const ROOT_NAME: DistinguishedName = { country: 'CN', organization: '托管银行', commonName: '托管银行电子银行 SM2 根证书' };

export interface IssuedCertificate {
  der: Uint8Array;
  pem: string;
  serial: string;
  notBefore: Date;
  notAfter: Date;
}

export interface CertificateAuthority {
  root: ParsedCertificate;
  rootPem: string;
  /** An end-entity signing certificate for `publicKey`, valid CERT_VALIDITY_DAYS from `now`. */
  issue(subject: DistinguishedName, publicKey: string, now: Date): Promise<IssuedCertificate>;
  /** The certificate if it parses and our root signed it; validity and status are the caller's. */
  verify(der: Uint8Array): Promise<ParsedCertificate | null>;
}

/** 16 random bytes, the top bit cleared so the INTEGER stays positive without a pad byte. */
export function randomSerial(): string {
  const bytes = portalCrypto.randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f || 0x01;
  return portalCrypto.toHex(bytes);
}

/** Writes a new root key and self-signed certificate into `dir` (0600); refuses to replace one. */
export async function generateCa(dir: string, now = new Date()): Promise<CaFile> {
  const keys = await portalCrypto.sm2GenerateKeyPair();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + ROOT_YEARS);
  const der = await issueCertificate(portalCrypto, {
    issuer: { ...keys, name: ROOT_NAME },
    subject: ROOT_NAME,
    publicKey: keys.publicKey,
    serial: randomSerial(),
    notBefore: now,
    notAfter,
    ca: true,
  });
  const file: CaFile = { createdAt: now.toISOString(), ...keys, certificate: toPem('CERTIFICATE', der) };
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(dir, CA_FILE), JSON.stringify(file, null, 2), { mode: 0o600, flag: 'wx' });
  return file;
}

async function readCa(dir: string): Promise<CaFile | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, CA_FILE), 'utf8')) as CaFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The bank's SM2 certificate authority from CRYPTO_KEYS_DIR. Outside production a first start
 * creates the root; production refuses to start without one (`npm run ca:generate`).
 */
export async function loadCertificateAuthority(config: Config): Promise<CertificateAuthority> {
  let file = await readCa(config.keysDir);
  if (!file) {
    if (config.NODE_ENV === 'production') {
      throw new Error(`No certificate authority in ${config.keysDir}; create one with npm run ca:generate -w @portal/server`);
    }
    file = await generateCa(config.keysDir);
  }
  const { privateKey, publicKey, certificate } = file;
  const root = parseCertificate(fromPem('CERTIFICATE', certificate));
  if (root.publicKey !== publicKey || !root.isCa) throw new Error(`${CA_FILE}: the certificate does not belong to the key`);

  return {
    root,
    rootPem: certificate,
    async issue(subject, subjectKey, now) {
      const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
      const notAfter = new Date(notBefore.getTime() + config.CERT_VALIDITY_DAYS * 86_400_000);
      const serial = randomSerial();
      const der = await issueCertificate(portalCrypto, {
        issuer: { privateKey, publicKey, name: root.subject },
        subject,
        publicKey: subjectKey,
        serial,
        notBefore,
        notAfter,
        ca: false,
      });
      return { der, pem: toPem('CERTIFICATE', der), serial, notBefore, notAfter };
    },
    async verify(der) {
      let cert: ParsedCertificate;
      try {
        cert = parseCertificate(der);
      } catch {
        return null;
      }
      return !cert.isCa && (await verifyCertificateSignature(portalCrypto, cert, root)) ? cert : null;
    },
  };
}
