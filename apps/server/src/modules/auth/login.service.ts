import type { FastifyRequest } from 'fastify';
import { portalCrypto } from '@portal/crypto';
import { RETURN_CODES, loginSigningString, type LoginRequest } from '@portal/shared';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit/audit';
import { userNumbersOf } from '../enterprise/user-numbers';
import type { AuthServices } from './auth-services';
import { openPassword } from './password-envelope';

type Outcome = { token: string } | { mustChangePassword: true };

/**
 * The signed-edition login (spec §7 `admin/login/token`, WIRE.md): captcha, server random,
 * password envelope, device signature, password, lockout, must-change; then one session per
 * user number. Every failure is audited with its reason and refused with one catalogue entry.
 */
export async function login(services: AuthServices, request: FastifyRequest, body: LoginRequest): Promise<Outcome> {
  const { captchas, randoms, credentials, sessions, keys, ctx } = services;
  const { username, extension } = body;
  const fail = async (reason: string, entry: (typeof RETURN_CODES)[keyof typeof RETURN_CODES], userId?: number) => {
    await recordAudit(ctx.database, request, { event: 'login', outcome: 'failure', username, userId: userId ?? null, detail: { reason } });
    return new AppError(entry);
  };

  // The captcha goes first and is spent by this attempt, right or wrong.
  const captcha = await captchas.check(body.lastRev, body.captcha);
  if (captcha === 'expired') throw await fail('captcha_expired', RETURN_CODES.CAPTCHA_EXPIRED);
  if (captcha === 'wrong') throw await fail('captcha_wrong', RETURN_CODES.CAPTCHA_INVALID);

  if (body.password !== undefined && body.password !== '' && body.password !== extension.zctgPassword) {
    throw await fail('plaintext_password_field', RETURN_CODES.INVALID_PARAMETER);
  }
  if (!(await randoms.take(extension.random))) throw await fail('random_invalid', RETURN_CODES.RANDOM_INVALID);

  const password = await openPassword(keys, extension.zctgPassword, extension.random, extension.randomClient);
  if (password === null) throw await fail('password_envelope_invalid', RETURN_CODES.RANDOM_INVALID);

  const user = await credentials.findUser(username);
  if (!user || user.status !== 1) {
    // Unknown users cost a hash like known ones and answer alike, so usernames cannot be probed.
    await credentials.verifyNobody(password);
    throw await fail('unknown_user', RETURN_CODES.CREDENTIALS_INVALID);
  }
  if (credentials.isLocked(user)) throw await fail('locked', RETURN_CODES.ACCOUNT_LOCKED, user.user_id);

  const signed = loginSigningString(username, extension.random, extension.randomClient, extension.loginType);
  // A malformed key or signature is a failed signature, not a server error.
  const signatureOk = await (async () =>
    portalCrypto.sm2Verify(extension.key, portalCrypto.utf8Encode(signed), portalCrypto.fromBase64(extension.signMsg)))().catch(
    () => false,
  );
  if (!signatureOk) throw await fail('signature_invalid', RETURN_CODES.SIGNATURE_INVALID, user.user_id);

  if (!(await credentials.verify(user, password, request))) {
    const after = await credentials.findUser(username);
    const entry = after && credentials.isLocked(after) ? RETURN_CODES.ACCOUNT_LOCKED : RETURN_CODES.CREDENTIALS_INVALID;
    throw await fail('wrong_password', entry, user.user_id);
  }

  if (credentials.mustChangePassword(user)) {
    await recordAudit(ctx.database, request, {
      event: 'login',
      outcome: 'failure',
      userId: user.user_id,
      username,
      detail: { reason: 'must_change_password' },
    });
    return { mustChangePassword: true };
  }

  const seats = await userNumbersOf(ctx, user.user_id);
  const chosen = body.userNo ? seats.find((s) => s.userNo === body.userNo) : seats[0];
  if (!chosen) {
    throw await fail(body.userNo ? 'user_no_invalid' : 'no_active_user_number', body.userNo ? RETURN_CODES.USER_NO_INVALID : RETURN_CODES.CREDENTIALS_INVALID, user.user_id);
  }
  const seat = { user_no: chosen.userNo, enterprise_no: chosen.enterpriseNo };

  const newDevice = await recordDevice(services, user.user_id, extension.key);
  const token = await sessions.create({
    userId: user.user_id,
    userNo: seat.user_no,
    clientIp: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });
  await recordAudit(ctx.database, request, {
    event: 'login',
    outcome: 'success',
    userId: user.user_id,
    userNo: seat.user_no,
    enterpriseNo: seat.enterprise_no,
    username,
    detail: { newDevice, device: extension.key.slice(0, 18) },
  });
  return { token };
}

/** Remembers the browser's device key; true when this user has not logged in from it before. */
async function recordDevice(services: AuthServices, userId: number, deviceKey: string): Promise<boolean> {
  const now = new Date(services.ctx.now());
  const row = await services.ctx.database.db
    .insertInto('login_devices')
    .values({ user_id: userId, device_key: deviceKey, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_key']).doUpdateSet({ last_seen_at: now }))
    .returning('first_seen_at')
    .executeTakeFirstOrThrow();
  return row.first_seen_at.getTime() === now.getTime();
}
