import { portalCrypto } from '@portal/crypto';
import { queryOptions } from '@tanstack/react-query';
import { authApi, certificatesApi, eventsApi, loginSigningString, scanApi, type ForcePasswordUpdate, type LoginRequest, type OperationInput } from '@portal/shared';
import { fetchServerRandom, type PasswordEntry } from '../../components/password-control';
import { endCertificateSession } from '../../lib/cert-key';
import { devicePublicKey, signLogin } from '../../lib/device-key';
import { API_BASE, apiUrl, http, pathOf } from '../../lib/http';
import { clearToken, getToken } from '../../lib/session-token';

/** Spec §3: the signed edition's extension says loginType '0' and channel 'WY'. */
const SIGNED_LOGIN_TYPE = '0';
const CERT_LOGIN_TYPE = '1';
/** Spec §3 "loginFlag (fixed 4 in one variant)". */
const LOGIN_FLAG = 4;

export interface Captcha {
  /** The image as a data: URL (the server draws SVG). */
  src: string;
  /** The `rev` the answer is bound to, sent back as `lastRev`. */
  rev: string;
}

const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('captcha image unreadable'));
    reader.readAsDataURL(blob);
  });

export async function fetchCaptcha(): Promise<Captcha> {
  const { blob, rev } = await http.image(authApi.captchaCreate);
  return { src: await asDataUrl(blob), rev };
}

/**
 * Spec §3 / docs/wire.md: the login request of the signed edition. The password travels only as the
 * control's `zctgPassword` over a fresh server random, and the device key signs
 * `username|random|randomClient|loginType`.
 */
export async function buildLoginRequest(input: {
  username: string;
  password: PasswordEntry;
  captcha: string;
  lastRev: string;
  /** After an enterprise switch: the user number to log into. */
  userNo?: string;
  /** `mobile`: a phone's login (the scan-code confirmation page), kept beside the desktop's session. */
  channel?: 'mobile';
}): Promise<LoginRequest> {
  // This session's operations are signed by the device key, not a certificate's.
  await endCertificateSession();
  const random = await fetchServerRandom();
  const { zctgPassword, randomClient } = await input.password.seal(random);
  const { key, signMsg } = await signLogin(input.username, random, randomClient, SIGNED_LOGIN_TYPE);
  return {
    username: input.username,
    password: zctgPassword,
    captcha: input.captcha,
    lastRev: input.lastRev,
    loginFlag: LOGIN_FLAG,
    ...(input.userNo ? { userNo: input.userNo } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
    extension: { loginType: SIGNED_LOGIN_TYPE, zctgPassword, random, randomClient, key, signMsg, channelCode: 'WY' },
  };
}

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

export const queryByKey = (certificate: string) => http.call(certificatesApi.certQueryByKey, { certificate }, { silent: true });

/** The access token; refusals are the caller's to show (040007 opens the forced change instead). */
export async function postLogin(request: LoginRequest): Promise<string> {
  const data = await http.call(authApi.login, request, { silent: true });
  return data.access_token;
}

export const forcePasswordUpdate = (request: ForcePasswordUpdate) => http.call(authApi.forcePasswordUpdate, request);

/**
 * Spec §4 "Logout": the server revokes the session, then the token cookie and the session
 * storage go (access and the user info live in memory and go with the reload that follows).
 */
export async function logout(): Promise<void> {
  const token = getToken();
  // The session ends here whatever the server answers (it may be gone already, or unreachable).
  if (token) await http.call(authApi.logout, { token }, { silent: true }).catch(() => null);
  await endCertificateSession();
  clearToken();
  sessionStorage.clear();
}

/** `loginEdition`: the edition configured for the host the customer came in on (spec §6). */
export const hostEditionQuery = queryOptions({
  queryKey: ['login', 'edition'],
  queryFn: () => http.call(authApi.loginEdition, undefined, { silent: true }),
  staleTime: Infinity,
  retry: false,
});

/** `scanConfig`: whether the deployment offers scan-code login (spec §1 ableScan). */
export const scanConfigQuery = queryOptions({ queryKey: ['login', 'scan-config'], queryFn: () => http.call(scanApi.scanConfig, undefined, { silent: true }) });

/** `scanTicket`: a QR code's ticket, bound to this browser's device key, and the ticket of its event stream. */
export const requestScanTicket = async () => http.call(scanApi.scanTicket, { deviceKey: await devicePublicKey() }, { silent: true });

/** The event stream that tells the page when the phone confirmed or denied (`eventStream`). */
export const scanEventStream = (streamTicket: string) =>
  new EventSource(apiUrl(`${API_BASE}${pathOf(eventsApi.eventStream)}?${new URLSearchParams({ ticket: streamTicket })}`));

/** `scanToken`: the confirmed code exchanged for the session's token. */
export const exchangeScanCode = (code: string) => http.call(scanApi.scanToken, { code }, { silent: true }).then(({ access_token }) => access_token);
