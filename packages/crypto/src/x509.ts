import * as asn1js from 'asn1js';
import { fromBase64, fromHex, toBase64, toHex } from './codec';
import { CryptoError } from './errors';
import { parsePublicKey } from './sm2';
import type { KeyPair } from './types';

// X.509 v3 certificates and PKCS#10 requests with SM2 keys signed SM2-with-SM3 (GM/T 0015):
// asn1js for the DER, our SM2 for the signatures (pkijs signs through WebCrypto, which has no SM2).
// Signatures use the default user ID 1234567812345678, which OpenSSL needs as `distid`.

export const OID_SM2_WITH_SM3 = '1.2.156.10197.1.501';
const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';
const OID_SM2_CURVE = '1.2.156.10197.1.301';
const OID_COUNTRY = '2.5.4.6';
const OID_ORGANIZATION = '2.5.4.10';
const OID_COMMON_NAME = '2.5.4.3';
const OID_BASIC_CONSTRAINTS = '2.5.29.19';
const OID_KEY_USAGE = '2.5.29.15';
const OID_SUBJECT_KEY_ID = '2.5.29.14';
const OID_AUTHORITY_KEY_ID = '2.5.29.35';

/** What signs and checks: satisfied by both PortalCrypto implementations. */
export interface Sm2Signer {
  sm2Sign(privateKey: string, message: Uint8Array): Promise<Uint8Array>;
  sm2Verify(publicKey: string, message: Uint8Array, signature: Uint8Array): Promise<boolean>;
  sm3(data: Uint8Array): Promise<Uint8Array>;
}

export interface DistinguishedName {
  commonName: string;
  organization?: string;
  country?: string;
}

export interface ParsedCertificate {
  /** Lower-case hex of the serial number's value bytes. */
  serial: string;
  subject: DistinguishedName;
  issuer: DistinguishedName;
  notBefore: Date;
  notAfter: Date;
  /** '04' + X + Y. */
  publicKey: string;
  isCa: boolean;
  /** DER of the whole certificate. */
  der: Uint8Array;
  tbs: Uint8Array;
  signature: Uint8Array;
  issuerDer: Uint8Array;
  subjectDer: Uint8Array;
}

const malformed = (what: string): CryptoError => new CryptoError('MALFORMED', `X.509: ${what}`);
const ber = (block: asn1js.AsnType): Uint8Array => new Uint8Array(block.toBER(false));
const bytes = (view: Uint8Array): Uint8Array => new Uint8Array(view);
const oid = (value: string) => new asn1js.ObjectIdentifier({ value });
const sigAlgorithm = () => new asn1js.Sequence({ value: [oid(OID_SM2_WITH_SM3)] });

export function toPem(label: 'CERTIFICATE' | 'CERTIFICATE REQUEST' | 'PUBLIC KEY', der: Uint8Array): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function fromPem(label: 'CERTIFICATE' | 'CERTIFICATE REQUEST', pem: string): Uint8Array {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(pem);
  if (!match) throw malformed(`no ${label} PEM block`);
  return fromBase64(match[1]!.replace(/\s+/g, ''));
}

/** An SM2 public key (`04` + X + Y hex) as the SubjectPublicKeyInfo PEM OpenSSL reads (`openssl dgst -verify`). */
export function publicKeyPem(publicKey: string): string {
  return toPem('PUBLIC KEY', ber(spki(publicKey)));
}

function spki(publicKey: string): asn1js.Sequence {
  parsePublicKey(publicKey);
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [oid(OID_EC_PUBLIC_KEY), oid(OID_SM2_CURVE)] }),
      new asn1js.BitString({ valueHex: fromHex(publicKey) }),
    ],
  });
}

function name(dn: DistinguishedName): asn1js.Sequence {
  const rdn = (type: string, value: asn1js.AsnType) =>
    new asn1js.Set({ value: [new asn1js.Sequence({ value: [oid(type), value] })] });
  const rdns: asn1js.Set[] = [];
  if (dn.country) rdns.push(rdn(OID_COUNTRY, new asn1js.PrintableString({ value: dn.country })));
  if (dn.organization) rdns.push(rdn(OID_ORGANIZATION, new asn1js.Utf8String({ value: dn.organization })));
  rdns.push(rdn(OID_COMMON_NAME, new asn1js.Utf8String({ value: dn.commonName })));
  return new asn1js.Sequence({ value: rdns });
}

/** Dates before 2050 as UTCTime, later ones as GeneralizedTime (RFC 5280 4.1.2.5), whole seconds. */
function time(date: Date): asn1js.AsnType {
  const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
  return whole.getUTCFullYear() < 2050
    ? new asn1js.UTCTime({ valueDate: whole })
    : new asn1js.GeneralizedTime({ valueDate: whole });
}

function extension(id: string, critical: boolean, value: asn1js.AsnType): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [oid(id), ...(critical ? [new asn1js.Boolean({ value: true })] : []), new asn1js.OctetString({ valueHex: ber(value) })],
  });
}

/** RFC 5280 4.2.1.2 method 1 with SM3 in place of SHA-1: the leftmost 160 bits of the key's hash. */
async function keyId(signer: Sm2Signer, publicKey: string): Promise<Uint8Array> {
  return (await signer.sm3(fromHex(publicKey))).slice(0, 20);
}

function parseDer(der: Uint8Array, what: string): asn1js.AsnType {
  const { offset, result } = asn1js.fromBER(der);
  if (offset === -1 || offset !== der.length || result.error) throw malformed(`${what} is not one DER element`);
  return result;
}

function children(block: asn1js.AsnType | undefined, what: string): asn1js.AsnType[] {
  if (!(block instanceof asn1js.Sequence)) throw malformed(`${what} is not a SEQUENCE`);
  return block.valueBlock.value;
}

function readPublicKey(block: asn1js.AsnType | undefined): string {
  const [algorithm, key] = children(block, 'SubjectPublicKeyInfo');
  const [algOid, curve] = children(algorithm, 'key algorithm');
  if (!(algOid instanceof asn1js.ObjectIdentifier) || algOid.getValue() !== OID_EC_PUBLIC_KEY) throw malformed('not an EC key');
  if (!(curve instanceof asn1js.ObjectIdentifier) || curve.getValue() !== OID_SM2_CURVE) throw malformed('not an SM2 key');
  if (!(key instanceof asn1js.BitString) || key.valueBlock.unusedBits !== 0) throw malformed('bad public key bits');
  const publicKey = toHex(key.valueBlock.valueHexView);
  try {
    parsePublicKey(publicKey);
  } catch (cause) {
    throw new CryptoError('MALFORMED', 'X.509: public key is not an SM2 point', { cause });
  }
  return publicKey;
}

function readName(block: asn1js.AsnType | undefined): DistinguishedName {
  const dn: Partial<DistinguishedName> = {};
  for (const rdn of children(block, 'Name')) {
    if (!(rdn instanceof asn1js.Set)) throw malformed('RDN is not a SET');
    for (const atv of rdn.valueBlock.value) {
      const [type, value] = children(atv, 'attribute');
      if (!(type instanceof asn1js.ObjectIdentifier)) throw malformed('attribute type');
      const text = value instanceof asn1js.BaseStringBlock ? value.getValue() : undefined;
      if (text === undefined) throw malformed('attribute value is not a string');
      const key = { [OID_COMMON_NAME]: 'commonName', [OID_ORGANIZATION]: 'organization', [OID_COUNTRY]: 'country' }[type.getValue()];
      if (key) dn[key as keyof DistinguishedName] = text;
    }
  }
  if (!dn.commonName) throw malformed('Name has no common name');
  return dn as DistinguishedName;
}

function checkSignatureAlgorithm(block: asn1js.AsnType | undefined): void {
  const [algOid, params] = children(block, 'AlgorithmIdentifier');
  const bareOrNull = params === undefined || params instanceof asn1js.Null;
  if (!(algOid instanceof asn1js.ObjectIdentifier) || algOid.getValue() !== OID_SM2_WITH_SM3 || !bareOrNull) {
    throw new CryptoError('UNSUPPORTED', 'X.509: signature algorithm is not SM2-with-SM3');
  }
}

function readSignature(block: asn1js.AsnType | undefined): Uint8Array {
  if (!(block instanceof asn1js.BitString) || block.valueBlock.unusedBits !== 0) throw malformed('bad signature bits');
  return bytes(block.valueBlock.valueHexView);
}

/** Signed SEQUENCE { body, SM2-with-SM3, BIT STRING signature }: the shape of both CSRs and certificates. */
async function signed(signer: Sm2Signer, privateKey: string, body: asn1js.Sequence): Promise<Uint8Array> {
  const signature = await signer.sm2Sign(privateKey, ber(body));
  return ber(new asn1js.Sequence({ value: [body, sigAlgorithm(), new asn1js.BitString({ valueHex: signature })] }));
}

/** A PKCS#10 request for `keys`, signed with their private key (proof of possession). */
export async function createCsr(signer: Sm2Signer, keys: KeyPair, subject: DistinguishedName): Promise<Uint8Array> {
  const info = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 0 }),
      name(subject),
      spki(keys.publicKey),
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [] }),
    ],
  });
  return signed(signer, keys.privateKey, info);
}

/** Subject and key of a request; AUTH_FAILED unless its own key made its signature. */
export async function verifyCsr(signer: Sm2Signer, der: Uint8Array): Promise<{ subject: DistinguishedName; publicKey: string }> {
  const [info, algorithm, sig] = children(parseDer(der, 'CSR'), 'CertificationRequest');
  const [version, subject, keyInfo] = children(info, 'CertificationRequestInfo');
  if (!(version instanceof asn1js.Integer) || version.valueBlock.valueDec !== 0) throw malformed('CSR version');
  checkSignatureAlgorithm(algorithm);
  const publicKey = readPublicKey(keyInfo);
  if (!(await signer.sm2Verify(publicKey, bytes(info!.valueBeforeDecodeView), readSignature(sig)))) {
    throw new CryptoError('AUTH_FAILED', 'X.509: CSR signature does not verify with its own key');
  }
  return { subject: readName(subject), publicKey };
}

export interface IssueRequest {
  issuer: { privateKey: string; publicKey: string; name: DistinguishedName };
  subject: DistinguishedName;
  publicKey: string;
  /** Positive, at most 20 bytes (RFC 5280 4.1.2.2); hex. */
  serial: string;
  notBefore: Date;
  notAfter: Date;
  /** A CA certificate (the root) rather than an end entity's signing certificate. */
  ca: boolean;
}

/** An X.509 v3 certificate, DER, signed by the issuer's key. */
export async function issueCertificate(signer: Sm2Signer, req: IssueRequest): Promise<Uint8Array> {
  if (!/^[0-9a-f]{2,40}$/.test(req.serial) || req.serial.length % 2 || /^0+$/.test(req.serial)) {
    throw new CryptoError('INVALID_INPUT', 'X.509: serial must be 1-20 bytes of lower-case hex, not zero');
  }
  // A leading 1 bit would make the INTEGER negative; prefix a zero byte as DER requires.
  const serialBytes = fromHex((parseInt(req.serial.slice(0, 2), 16) & 0x80 ? '00' : '') + req.serial);
  const extensions = [
    extension(OID_BASIC_CONSTRAINTS, true, new asn1js.Sequence({ value: req.ca ? [new asn1js.Boolean({ value: true })] : [] })),
    // keyCertSign + cRLSign for the root (bits 5, 6), digitalSignature for end entities (bit 0).
    extension(
      OID_KEY_USAGE,
      true,
      req.ca ? new asn1js.BitString({ valueHex: Uint8Array.of(0x06), unusedBits: 1 }) : new asn1js.BitString({ valueHex: Uint8Array.of(0x80), unusedBits: 7 }),
    ),
    extension(OID_SUBJECT_KEY_ID, false, new asn1js.OctetString({ valueHex: await keyId(signer, req.publicKey) })),
    extension(
      OID_AUTHORITY_KEY_ID,
      false,
      new asn1js.Sequence({
        value: [new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: await keyId(signer, req.issuer.publicKey) })],
      }),
    ),
  ];
  const tbs = new asn1js.Sequence({
    value: [
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.Integer({ value: 2 })] }),
      new asn1js.Integer({ valueHex: serialBytes }),
      sigAlgorithm(),
      name(req.issuer.name),
      new asn1js.Sequence({ value: [time(req.notBefore), time(req.notAfter)] }),
      name(req.subject),
      spki(req.publicKey),
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 3 }, value: [new asn1js.Sequence({ value: extensions })] }),
    ],
  });
  return signed(signer, req.issuer.privateKey, tbs);
}

function readTime(block: asn1js.AsnType | undefined): Date {
  if (block instanceof asn1js.UTCTime || block instanceof asn1js.GeneralizedTime) return block.toDate();
  throw malformed('validity time');
}

function readIsCa(extensions: asn1js.AsnType | undefined): boolean {
  if (!extensions) return false;
  const [list] = (extensions as asn1js.Constructed).valueBlock.value;
  for (const ext of children(list, 'Extensions')) {
    const parts = children(ext, 'Extension');
    const [id] = parts;
    const value = parts[parts.length - 1];
    if (id instanceof asn1js.ObjectIdentifier && id.getValue() === OID_BASIC_CONSTRAINTS && value instanceof asn1js.OctetString) {
      const [flag] = children(parseDer(bytes(value.valueBlock.valueHexView), 'basicConstraints'), 'basicConstraints');
      return flag instanceof asn1js.Boolean && flag.getValue();
    }
  }
  return false;
}

/** The fields of a DER certificate we issue and accept (v3, SM2 key, SM2-with-SM3); no signature check. */
export function parseCertificate(der: Uint8Array): ParsedCertificate {
  const [tbs, algorithm, sig] = children(parseDer(der, 'certificate'), 'Certificate');
  const fields = children(tbs, 'TBSCertificate');
  const [version, serial, innerAlgorithm, issuer, validity, subject, keyInfo, ...rest] = fields;
  const v = version instanceof asn1js.Constructed ? version.valueBlock.value[0] : undefined;
  if (!(v instanceof asn1js.Integer) || v.valueBlock.valueDec !== 2) throw malformed('not a v3 certificate');
  if (!(serial instanceof asn1js.Integer)) throw malformed('serial');
  checkSignatureAlgorithm(algorithm);
  checkSignatureAlgorithm(innerAlgorithm);
  const [notBefore, notAfter] = children(validity, 'Validity');
  const extensions = rest.find((b) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === 3);
  return {
    serial: toHex(serial.valueBlock.valueHexView).replace(/^00(?=[89a-f])/, ''),
    subject: readName(subject),
    issuer: readName(issuer),
    notBefore: readTime(notBefore),
    notAfter: readTime(notAfter),
    publicKey: readPublicKey(keyInfo),
    isCa: readIsCa(extensions),
    der: bytes(der),
    tbs: bytes(tbs!.valueBeforeDecodeView),
    signature: readSignature(sig),
    issuerDer: bytes(issuer!.valueBeforeDecodeView),
    subjectDer: bytes(subject!.valueBeforeDecodeView),
  };
}

/** True when `issuerPublicKey` signed `cert` and the names chain; validity and status are the caller's. */
export async function verifyCertificateSignature(signer: Sm2Signer, cert: ParsedCertificate, issuer: ParsedCertificate): Promise<boolean> {
  if (toHex(cert.issuerDer) !== toHex(issuer.subjectDer) || !issuer.isCa) return false;
  return signer.sm2Verify(issuer.publicKey, cert.tbs, cert.signature);
}
