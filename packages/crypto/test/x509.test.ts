import { beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../src/codec';
import type { KeyPair } from '../src/types';
import {
  createCsr,
  fromPem,
  issueCertificate,
  parseCertificate,
  toPem,
  verifyCertificateSignature,
  verifyCsr,
  type DistinguishedName,
} from '../src/x509';
import { ascii, expectCryptoError, flipBit, impls, openssl, opensslStatus, sm2PrivatePem } from './helpers';

// Certificates and requests against an independent implementation: the OpenSSL 3.0 CLI, which
// takes the SM2 user ID as -sm2-id for req/x509 and as -vfyopt distid for verify.

const SM2_ID = '1234567812345678';
const rootName: DistinguishedName = { country: 'CN', organization: '托管银行', commonName: '托管银行 SM2 根证书' };
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe.each(impls)('X.509 with the $name implementation', ({ api }) => {
  let root: KeyPair;
  let user: KeyPair;
  let rootDer: Uint8Array;
  const now = new Date('2026-01-01T00:00:00Z');
  const later = new Date('2028-01-01T00:00:00Z');

  beforeAll(async () => {
    root = await api.sm2GenerateKeyPair();
    user = await api.sm2GenerateKeyPair();
    rootDer = await issueCertificate(api, {
      issuer: { ...root, name: rootName },
      subject: rootName,
      publicKey: root.publicKey,
      serial: api.randomHex(16),
      notBefore: now,
      notAfter: new Date('2046-01-01T00:00:00Z'),
      ca: true,
    });
  });

  const issue = async (serial = api.randomHex(16)) =>
    issueCertificate(api, {
      issuer: { ...root, name: rootName },
      subject: { organization: '华夏远航', commonName: 'demo' },
      publicKey: user.publicKey,
      serial,
      notBefore: now,
      notAfter: later,
      ca: false,
    });

  it('parses back what it issues and chains to the root', async () => {
    const serial = 'f0' + api.randomHex(15);
    const cert = parseCertificate(await issue(serial));
    expect(cert).toMatchObject({ serial, publicKey: user.publicKey, isCa: false, notBefore: now, notAfter: later });
    expect(cert.subject).toEqual({ organization: '华夏远航', commonName: 'demo' });
    const rootCert = parseCertificate(rootDer);
    expect(rootCert.isCa).toBe(true);
    expect(await verifyCertificateSignature(api, cert, rootCert)).toBe(true);
    expect(await verifyCertificateSignature(api, rootCert, rootCert)).toBe(true);
    // Not signed by another CA, and an end entity cannot issue.
    expect(await verifyCertificateSignature(api, cert, cert)).toBe(false);
    const tampered = parseCertificate(await issue());
    expect(await verifyCertificateSignature(api, { ...tampered, tbs: flipBit(tampered.tbs, 40) }, rootCert)).toBe(false);
  });

  it('openssl verify accepts an issued certificate against our root with the SM2 ID, and not a forged one', async () => {
    const files = { 'root.pem': toPem('CERTIFICATE', rootDer), 'user.pem': toPem('CERTIFICATE', await issue()) };
    const verify = ['verify', '-attime', String(Date.parse('2027-01-01') / 1000), '-vfyopt', `distid:${SM2_ID}`, '-CAfile', 'root.pem', 'user.pem'];
    expect(text(openssl(verify, files))).toContain('user.pem: OK');
    // A certificate signed by a different key under the same root name fails.
    const other = await api.sm2GenerateKeyPair();
    const forged = await issueCertificate(api, {
      issuer: { ...other, name: rootName },
      subject: { commonName: 'demo' },
      publicKey: user.publicKey,
      serial: api.randomHex(16),
      notBefore: now,
      notAfter: later,
      ca: false,
    });
    expect(opensslStatus(verify, { ...files, 'user.pem': toPem('CERTIFICATE', forged) })).not.toBe(0);
    // OpenSSL reads our fields as we wrote them.
    const shown = text(openssl(['x509', '-in', 'user.pem', '-noout', '-text'], files));
    expect(shown).toContain('SM2-with-SM3');
    expect(shown).toMatch(/Subject: O = .*, CN = demo/);
    expect(shown).toContain('CA:FALSE');
  });

  it('our CSR passes openssl req -verify; an openssl CSR passes ours; a CSR re-signed by another key fails', async () => {
    const csr = await createCsr(api, user, { commonName: 'demo' });
    const files = { 'csr.pem': toPem('CERTIFICATE REQUEST', csr), 'key.pem': sm2PrivatePem(user.privateKey, user.publicKey) };
    expect(text(openssl(['req', '-in', 'csr.pem', '-verify', '-noout', '-vfyopt', `distid:${SM2_ID}`], files))).toBeDefined();
    expect(await verifyCsr(api, csr)).toEqual({ subject: { commonName: 'demo' }, publicKey: user.publicKey });

    const theirs = openssl(
      ['req', '-new', '-key', 'key.pem', '-subj', '/CN=fromopenssl', '-sm3', '-sigopt', `distid:${SM2_ID}`, '-out', 'out.pem'],
      files,
      'out.pem',
    );
    expect(await verifyCsr(api, fromPem('CERTIFICATE REQUEST', text(theirs)))).toEqual({
      subject: { commonName: 'fromopenssl' },
      publicKey: user.publicKey,
    });

    // Proof of possession: the key inside must be the one that signed.
    const other = await api.sm2GenerateKeyPair();
    const swapped = await createCsr(api, { privateKey: other.privateKey, publicKey: user.publicKey }, { commonName: 'demo' });
    await expectCryptoError(verifyCsr(api, swapped), 'AUTH_FAILED');
    await expectCryptoError(verifyCsr(api, ascii('not a csr')), 'MALFORMED');
  });

  it('refuses a certificate signed with another algorithm', async () => {
    // The same bytes labelled ECDSA-with-SHA256 must not be read as ours.
    const der = await issue();
    const hex = toHex(der).replace('06082a811ccf55018375', '06082a8648ce3d040302');
    await expectCryptoError(Promise.resolve().then(() => parseCertificate(api.fromHex(hex))), 'UNSUPPORTED');
  });
});
