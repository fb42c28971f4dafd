import { authApi, type ForcePasswordUpdate, type LoginRequest } from '@portal/shared';
import { fetchServerRandom, type PasswordEntry } from '../../../components/password-control';
import { endCertificateSession } from '../../../lib/cert-key';
import { signLogin } from '../../../lib/device-key';
import { http } from '../../../lib/http';
import { clearToken, getToken } from '../../../lib/session-token';

/** Spec §3: the signed edition's extension says loginType '0' and channel 'WY'. */
const SIGNED_LOGIN_TYPE = '0';
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

let hostEdition: ReturnType<typeof askHostEdition> | undefined;
const askHostEdition = () => http.call(authApi.loginEdition, undefined, { silent: true });

/** `loginEdition`: the edition configured for the host the customer came in on (spec §6), asked once per page load. */
export function fetchHostEdition() {
  hostEdition ??= askHostEdition().catch((err: unknown) => {
    hostEdition = undefined;
    throw err;
  });
  return hostEdition;
}
