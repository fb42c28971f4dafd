import type { FastifyRequest } from 'fastify';
import { portalCrypto } from '@portal/crypto';
import { RETURN_CODES, loginSigningString } from '@portal/shared';
import { sha256Hex } from '../../sha256';
import { metrics } from '../../metrics';
import { recordAudit } from '../../platform/audit';
import { timed } from '../../platform/server-timing';
import { userNumbersOf, type UserNumberEntry } from '../../platform/user-numbers';
import { AppError } from '../../plugins/errors';
import { withinRateLimit } from '../../plugins/rate-limit';
import type { AuthServices } from './auth-services';
import { attemptsLeftMessage } from './credentials';
import { hasSeatInDisabledEnterprise, holdsCertificate, recordDevice } from './login.queries';
import { openPassword } from './password-envelope';

type Outcome = { token: string } | { mustChangePassword: true; changeTicket: string };

/** What both editions send: the signed edition's `extension.key` and the certificate edition's certificate are their editions' business. */
export interface LoginInput {
  username: string;
  password?: string;
  captcha: string;
  lastRev: string;
  userNo?: string;
  /** A phone's login (scan-code confirmation) keeps the seat's desktop session, and the other way round. */
  channel?: 'web' | 'mobile';
  extension: { loginType: '0' | '1'; zctgPassword: string; random: string; randomClient: string; signMsg: string };
}

/** A certificate that passed its checks (chain, validity, status), or why it did not. */
export type CertificateCheck = { ok: true; serial: string; publicKey: string; userId: number } | { ok: false; reason: string };

/**
 * Whose key must have signed the login: the signed edition's device key as sent, or the key of a
 * certificate the bank issued. A login holding an active certificate must use the certificate edition.
 */
export type LoginEdition = { kind: 'signed'; deviceKey: string } | { kind: 'certificate'; check: () => Promise<CertificateCheck> };

/** A refusal of the attempt, audited with its reason and counted: the error to throw. */
type Fail = (reason: string, entry: (typeof RETURN_CODES)[keyof typeof RETURN_CODES], userId?: number, message?: string) => Promise<AppError>;
type CheckedCertificate = Extract<CertificateCheck, { ok: true }>;

/**
 * The login of both editions (spec §7 `admin/login/token` and `user/handleLogin`, docs/wire.md):
 * captcha, server random, password envelope, the signature (device key, or certificate key after
 * the certificate's checks), password with lockout, must-change (with a change ticket); then one
 * session per user number. Every failure is audited with its reason and refused with one catalogue entry.
 */
export async function login(services: AuthServices, request: FastifyRequest, body: LoginInput, edition: LoginEdition): Promise<Outcome> {
  const { ctx } = services;
  const { username, extension } = body;
  // A certificate login's refusals and success name its serial.
  let certDetail: { certSerial?: string } = {};
  const fail: Fail = async (reason, entry, userId, message) => {
    await recordAudit(ctx.database, request, { event: 'login', outcome: 'failure', username, userId: userId ?? null, detail: { reason, ...certDetail } });
    metrics.logins.inc({ result: reason });
    return new AppError(entry, message);
  };

  const password = await openAttempt(services, request, body, fail);
  // Only attempts that solved a captcha spend the name's budget.
  if (!(await timed(request, 'budget', () => withinUsernameBudget(services, username)))) throw await fail('username_rate_limited', RETURN_CODES.TOO_MANY_REQUESTS);
  const { deviceKey, cert } = await loginKey(edition, fail);
  if (cert) certDetail = { certSerial: cert.serial };

  // The signature is checked before the user is looked up: its answer says nothing about the name.
  if (!(await timed(request, 'sm2verify', () => loginSignatureValid(deviceKey, { username, ...extension })))) throw await fail('signature_invalid', RETURN_CODES.SIGNATURE_INVALID);

  const user = await passwordHolder(services, request, { username, password, deviceKey, cert, edition }, fail);
  const seats = await timed(request, 'seats', () => enterableSeats(services, user.user_id, fail));

  if (services.credentials.mustChangePassword(user)) {
    await recordAudit(ctx.database, request, {
      event: 'login',
      outcome: 'failure',
      userId: user.user_id,
      username,
      detail: { reason: 'must_change_password' },
    });
    metrics.logins.inc({ result: 'must_change_password' });
    // The forced change needs this ticket (pen test M2): only a login with the right password gets one.
    const changeTicket = await services.changeTickets.issue({ userId: user.user_id, username: user.username, deviceKey });
    return { mustChangePassword: true, changeTicket };
  }

  const chosen = body.userNo ? seats.find((s) => s.userNo === body.userNo) : seats[0];
  if (!chosen) throw await fail('user_no_invalid', RETURN_CODES.USER_NO_INVALID, user.user_id);
  return { token: await openSession(services, request, { body, userId: user.user_id, seat: chosen, deviceKey, cert }) };
}

/** The captcha (spent by this attempt, right or wrong), the server random and the password envelope: the password sent. */
async function openAttempt(services: AuthServices, request: FastifyRequest, body: LoginInput, fail: Fail): Promise<string> {
  const { captchas, randoms, keys } = services;
  const { extension } = body;
  const captcha = await timed(request, 'captcha', () => captchas.check(body.lastRev, body.captcha));
  if (captcha === 'expired') throw await fail('captcha_expired', RETURN_CODES.CAPTCHA_EXPIRED);
  if (captcha === 'wrong') throw await fail('captcha_wrong', RETURN_CODES.CAPTCHA_INVALID);

  if (body.password !== undefined && body.password !== '' && body.password !== extension.zctgPassword) {
    throw await fail('plaintext_password_field', RETURN_CODES.INVALID_PARAMETER);
  }
  if (!(await timed(request, 'random', () => randoms.take(extension.random)))) throw await fail('random_invalid', RETURN_CODES.RANDOM_INVALID);

  const password = await timed(request, 'sm2dec', () => openPassword(keys, extension.zctgPassword, extension.random, extension.randomClient));
  if (password === null) throw await fail('password_envelope_invalid', RETURN_CODES.RANDOM_INVALID);
  return password;
}

/**
 * LOGIN_USERNAME_LIMIT attempts a minute per username from all addresses together (second pen
 * test): any name spends its budget alike, so running out tells nothing about the name.
 */
function withinUsernameBudget({ ctx }: AuthServices, username: string): Promise<boolean> {
  const name = sha256Hex(username);
  return withinRateLimit(ctx.kv, `login-username:${name}`, ctx.config.LOGIN_USERNAME_LIMIT);
}

/** The key that must have signed: the signed edition's device key, the certificate edition's certificate's once the bank's records accept it. */
async function loginKey(edition: LoginEdition, fail: Fail): Promise<{ deviceKey: string; cert?: CheckedCertificate }> {
  if (edition.kind === 'signed') return { deviceKey: edition.deviceKey };
  const checked = await edition.check();
  if (!checked.ok) throw await fail(`certificate_${checked.reason}`, RETURN_CODES.CERT_STATUS);
  return { deviceKey: checked.publicKey, cert: checked };
}

/**
 * The active user whose password this is. Unknown, inactive and locked names cost a hash, count
 * and lock like a user with a wrong password, and answer alike: the same codes in the same order
 * (pen test M1).
 */
async function passwordHolder(
  services: AuthServices,
  request: FastifyRequest,
  attempt: { username: string; password: string; deviceKey: string; cert: CheckedCertificate | undefined; edition: LoginEdition },
  fail: Fail,
) {
  const { credentials, ctx } = services;
  const { username, password, deviceKey, cert } = attempt;
  const found = await timed(request, 'user', () => credentials.findUser(username));
  const user = found && found.status === 1 ? found : undefined;
  // A certificate speaks for its own login only; its subject names it anyway, so saying so tells nothing.
  if (cert && cert.userId !== user?.user_id) throw await fail('certificate_binding', RETURN_CODES.CERT_STATUS, user?.user_id);
  const check = await credentials.check({ username, user, password, deviceKey, request });
  if (!check.ok) {
    const reason = !user ? 'unknown_user' : check.held ? 'locked' : 'wrong_password';
    if (check.lock) throw await fail(reason, RETURN_CODES.ACCOUNT_LOCKED, user?.user_id, credentials.lockMessage(check.lock));
    // The attempts left warn before the lock; an unknown name counts the same way (M1).
    const message = attemptsLeftMessage(RETURN_CODES.CREDENTIALS_INVALID.message, check.remaining);
    throw await fail(reason, RETURN_CODES.CREDENTIALS_INVALID, user?.user_id, message);
  }
  if (!user) throw new Error('unreachable: a password check passed without a user');
  // Once issued, the certificate is not optional, frozen, revoked or expired alike, until staff
  // restore password login: said only to whom the password proved.
  if (attempt.edition.kind === 'signed' && (await timed(request, 'cert', () => holdsCertificate(ctx.database.db, user.user_id)))) {
    throw await fail('certificate_required', RETURN_CODES.CERT_REQUIRED, user.user_id);
  }
  return user;
}

/**
 * The seats a right password can enter. None: every seat is in a disabled enterprise (said so,
 * since the password proved the caller), or there is none. Checked before a forced change,
 * which would otherwise lead to a login that cannot succeed.
 */
async function enterableSeats(services: AuthServices, userId: number, fail: Fail): Promise<UserNumberEntry[]> {
  const { ctx } = services;
  const seats = await userNumbersOf(ctx, userId);
  if (seats.length === 0) {
    const disabled = await hasSeatInDisabledEnterprise(ctx.database.db, userId);
    throw await fail(disabled ? 'enterprise_disabled' : 'no_active_user_number', disabled ? RETURN_CODES.ENTERPRISE_DISABLED : RETURN_CODES.CREDENTIALS_INVALID, userId);
  }
  return seats;
}

/** The session on the chosen seat, its device remembered and the login audited. */
async function openSession(
  services: AuthServices,
  request: FastifyRequest,
  login: { body: LoginInput; userId: number; seat: UserNumberEntry; deviceKey: string; cert: CheckedCertificate | undefined },
): Promise<string> {
  const { ctx, sessions } = services;
  const { body, userId, seat, deviceKey, cert } = login;
  const session = {
    userId,
    userNo: seat.userNo,
    deviceKey,
    certSerial: cert?.serial ?? null,
    clientIp: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    channel: body.channel ?? 'web',
  } as const;
  // Two independent writes: on PostgreSQL they go out together.
  const [newDevice, token] = await Promise.all([
    timed(request, 'device', () => recordDevice(ctx.database.db, userId, deviceKey, new Date(ctx.now()))),
    timed(request, 'session', () => sessions.create(session)),
  ]);
  const detail = { newDevice, device: deviceKey.slice(0, 18), ...(cert ? { certSerial: cert.serial } : {}) };
  await timed(request, 'audit', () =>
    recordAudit(ctx.database, request, { event: 'login', outcome: 'success', userId, userNo: seat.userNo, enterpriseNo: seat.enterpriseNo, username: body.username, detail }),
  );
  metrics.logins.inc({ result: 'success' });
  return token;
}

/** docs/wire.md: whether `signMsg` is the key's SM2 signature of `username|random|randomClient|loginType`. */
export async function loginSignatureValid(
  key: string,
  login: { username: string; random: string; randomClient: string; loginType: string; signMsg: string },
): Promise<boolean> {
  return signatureValid(key, loginSigningString(login.username, login.random, login.randomClient, login.loginType), login.signMsg);
}

/** Whether `signMsg` (base64 DER) is the key's SM2 signature of `text`. */
export async function signatureValid(key: string, text: string, signMsg: string): Promise<boolean> {
  // A malformed key or signature is a failed signature, not a server error.
  return (async () => portalCrypto.sm2Verify(key, portalCrypto.utf8Encode(text), portalCrypto.fromBase64(signMsg)))().catch(() => false);
}
