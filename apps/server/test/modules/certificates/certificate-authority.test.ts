import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCsr, portalCrypto, toPem, verifyCsr } from '@portal/crypto';
import { openssl, opensslStatus } from '../../../../../packages/crypto/test/helpers';
import { loadConfig } from '../../../src/config';
import { CA_FILE, loadCertificateAuthority } from '../../../src/modules/certificates/ca';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-ca-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SM2_ID = 'distid:1234567812345678';
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('the bank certificate authority', () => {
  it('is created 0600 on a first start outside production and read back unchanged', async () => {
    const dir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', CRYPTO_KEYS_DIR: dir });
    const first = await loadCertificateAuthority(config);
    expect(statSync(path.join(dir, CA_FILE)).mode & 0o777).toBe(0o600);
    const again = await loadCertificateAuthority(config);
    expect(again.rootPem).toBe(first.rootPem);
    expect(first.root.isCa).toBe(true);
    expect(first.root.serial).toMatch(/^[0-7][0-9a-f]{31}$/);
  });

  it('is required from the configuration in production', async () => {
    const config = loadConfig({ NODE_ENV: 'production', CRYPTO_KEYS_DIR: tempDir(), ALLOW_EMBEDDED_IN_PRODUCTION: '1' });
    await expect(loadCertificateAuthority(config)).rejects.toThrow(/npm run ca:generate/);
  });

  it('issues from a verified CSR: 16-byte random serial, configured validity, chain accepted by openssl verify', async () => {
    const config = loadConfig({ NODE_ENV: 'test', CRYPTO_KEYS_DIR: tempDir(), CERT_VALIDITY_DAYS: '30' });
    const ca = await loadCertificateAuthority(config);
    const user = await portalCrypto.sm2GenerateKeyPair();
    const { publicKey } = await verifyCsr(portalCrypto, await createCsr(portalCrypto, user, { commonName: 'demo' }));
    const now = new Date();
    const issued = await ca.issue({ organization: '华夏远航', commonName: 'demo' }, publicKey, now);
    expect(issued.serial).toMatch(/^[0-9a-f]{32}$/);
    expect((issued.notAfter.getTime() - issued.notBefore.getTime()) / 86_400_000).toBe(30);
    const serials = new Set(await Promise.all([1, 2, 3].map(async () => (await ca.issue({ commonName: 'x' }, publicKey, now)).serial)));
    expect(serials.size).toBe(3);

    const parsed = await ca.verify(issued.der);
    expect(parsed).toMatchObject({ serial: issued.serial, publicKey: user.publicKey, subject: { commonName: 'demo' } });
    const files = { 'root.pem': ca.rootPem, 'user.pem': issued.pem };
    expect(text(openssl(['verify', '-vfyopt', SM2_ID, '-CAfile', 'root.pem', 'user.pem'], files))).toContain('user.pem: OK');

    // Another CA's certificate, even with the same names, neither chains for us nor for OpenSSL.
    const other = await loadCertificateAuthority(loadConfig({ NODE_ENV: 'test', CRYPTO_KEYS_DIR: tempDir() }));
    const foreign = await other.issue({ commonName: 'demo' }, publicKey, now);
    expect(await ca.verify(foreign.der)).toBeNull();
    expect(opensslStatus(['verify', '-vfyopt', SM2_ID, '-CAfile', 'root.pem', 'user.pem'], { ...files, 'user.pem': foreign.pem })).not.toBe(0);
    // The root itself is no login certificate.
    expect(await ca.verify(ca.root.der)).toBeNull();
    expect(toPem('CERTIFICATE', ca.root.der)).toBe(ca.rootPem);
  });
});
