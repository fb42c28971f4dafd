import { createCsr, fromPem, portalCrypto, type KeyPair } from '@portal/crypto';

/*
 * The certificate edition's X.509 work (asn1js), apart from lib/cert-key.ts, which every login
 * and every signed operation uses: only the certificate edition's screens load this.
 */

/** A new key pair for enrolment, and its CSR (base64 DER) signed by it: proof of possession. */
export async function newEnrolmentKey(): Promise<{ keys: KeyPair; csr: string }> {
  const keys = await portalCrypto.sm2GenerateKeyPair();
  const csr = await createCsr(portalCrypto, keys, { commonName: 'enrolment' });
  return { keys, csr: portalCrypto.toBase64(csr) };
}

/** base64 DER of a stored PEM certificate, as the login and queryByKey send it. */
export const certificateDer = (pem: string) => portalCrypto.toBase64(fromPem('CERTIFICATE', pem));
