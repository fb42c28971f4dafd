import { portalCrypto } from '@portal/crypto';
import { certificatesApi, loginSigningString, queryByKeySigningString, type OperationInput } from '@portal/shared';
import { fetchServerRandom, type PasswordEntry } from '../../../components/password-control';
import { http } from '../../../lib/http';

const CERT_LOGIN_TYPE = '1';

/** Spec §3 certificate edition: loginType '1', the certificate in place of the device key, signed by its key (docs/certificates.md). */
export async function buildCertLoginRequest(input: {
  username: string;
  password: PasswordEntry;
  captcha: string;
  lastRev: string;
  certificate: string;
  privateKey: string;
  userNo?: string;
}): Promise<OperationInput<typeof certificatesApi.certLogin>> {
  const random = await fetchServerRandom();
  const { zctgPassword, randomClient } = await input.password.seal(random);
  const signed = loginSigningString(input.username, random, randomClient, CERT_LOGIN_TYPE);
  const signMsg = portalCrypto.toBase64(await portalCrypto.sm2Sign(input.privateKey, portalCrypto.utf8Encode(signed)));
  return {
    username: input.username,
    captcha: input.captcha,
    lastRev: input.lastRev,
    ...(input.userNo ? { userNo: input.userNo } : {}),
    extension: { loginType: CERT_LOGIN_TYPE, zctgPassword, random, randomClient, certificate: input.certificate, signMsg, channelCode: 'WY' },
  };
}

export async function postCertLogin(request: OperationInput<typeof certificatesApi.certLogin>): Promise<string> {
  return (await http.call(certificatesApi.certLogin, request, { silent: true })).access_token;
}

/** Enrolment: the activation code, the password control over a fresh server random, and the CSR. */
export async function enrollCertificate(input: { activationCode: string; csr: string; password: PasswordEntry; captcha: string; lastRev: string }) {
  const random = await fetchServerRandom();
  const { zctgPassword, randomClient } = await input.password.seal(random);
  return http.call(
    certificatesApi.certEnroll,
    { activationCode: input.activationCode, csr: input.csr, captcha: input.captcha, lastRev: input.lastRev, zctgPassword, random, randomClient },
    { silent: true },
  );
}

/** `user/queryByKey`: the bank's word on the certificate, to the holder of its key (it signs a fresh server random). */
export async function queryByKey(certificate: string, privateKey: string) {
  const random = await fetchServerRandom();
  const signMsg = portalCrypto.toBase64(await portalCrypto.sm2Sign(privateKey, portalCrypto.utf8Encode(queryByKeySigningString(random))));
  return http.call(certificatesApi.certQueryByKey, { certificate, random, signMsg }, { silent: true });
}
