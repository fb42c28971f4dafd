import * as defaultEntry from '@portal/crypto';
import * as browserEntry from '@portal/crypto/browser';
import * as nodeEntry from '@portal/crypto/node';
import { describe, expect, it } from 'vitest';

describe('package entry points', () => {
  it('without the browser condition "." is the Node implementation', () => {
    expect(defaultEntry.portalCrypto).toBe(nodeEntry.portalCrypto);
  });

  it.each([
    ['node', nodeEntry],
    ['browser', browserEntry],
  ] as const)('%s: exports the one API object, the error class and the X.509 helpers, with the same functions', (_, entry) => {
    const x509 = ['OID_SM2_WITH_SM3', 'createCsr', 'fromPem', 'issueCertificate', 'parseCertificate', 'publicKeyPem', 'toPem', 'verifyCertificateSignature', 'verifyCsr'];
    expect(Object.keys(entry).sort()).toEqual(['CryptoError', 'portalCrypto', ...x509].sort());
    expect(Object.keys(entry.portalCrypto).sort()).toEqual(Object.keys(nodeEntry.portalCrypto).sort());
    expect(entry.CryptoError).toBe(nodeEntry.CryptoError);
  });
});
