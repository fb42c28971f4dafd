import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { CryptoError, portalCrypto, verifyCsr, type ParsedCertificate } from '@portal/crypto';
import { RETURN_CODES, queryByKeySigningString, type CertificateRecord, type OperationParsed, type certificatesApi, type AuditEventCode } from '@portal/shared';
import { sha256Hex } from '../../sha256';
import type { DB } from '../../db/schema';
import { auditedTransaction, recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { attemptsLeftMessage, openPassword, signatureValid, type AuthServices, type CertificateCheck } from '../auth';
import type { CertificateAuthority } from './ca';
import {
  certificateBySerial,
  findCertificate,
  heldCertificate,
  insertActivationCode,
  insertCertificate,
  issuedCertificate,
  liveActivationCode,
  lockCertificate,
  renewalOf,
  restorePasswordLogin,
  revokeHeldCertificates,
  spendActivationCode,
  updateCertificate,
  userById,
  userByUsername,
} from './certificates.queries';

type Trx = Transaction<DB>;

export const CERT_MESSAGES = {
  notFound: '证书不存在',
  userNotFound: '用户不存在',
  userDisabled: '用户已停用，不能申请证书',
  notActive: '只有正常状态的证书可以冻结',
  notFrozen: '只有冻结状态的证书可以解冻',
  revoked: '证书已吊销',
  renewNotActive: '只有正常状态的证书可以更新，冻结的证书请先解冻',
  restoreNotRevoked: '只有已吊销的证书可以恢复密码登录',
  restoreStillHeld: '该用户仍有正常或冻结的证书，请先吊销后再恢复密码登录',
  restoreDone: '该用户已恢复密码登录',
  replaced: '重新申请证书',
  renewed: '证书更新',
} as const;

/** Unambiguous letters and digits (no I, O, 0, 1): 32 symbols, so a byte's low 5 bits pick one without bias. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

const statusError = () => new AppError(RETURN_CODES.CERT_STATUS);

function decodeDer(base64: string): Uint8Array | null {
  try {
    return portalCrypto.fromBase64(base64);
  } catch (err) {
    if (err instanceof CryptoError) return null;
    throw err;
  }
}

/**
 * The certificate edition's records: staff hand out activation codes and change certificates'
 * status; the browser enrols and presents its certificate. Staff writes run in one transaction
 * with their audit entry; a refusal is audited after the rollback.
 */
export class CertificateDesk {
  constructor(
    private readonly auth: AuthServices,
    private readonly ca: CertificateAuthority,
  ) {}

  now() {
    return new Date(this.auth.ctx.now());
  }

  get #db() {
    return this.auth.ctx.database.db;
  }

  #write<T>(request: FastifyRequest, event: AuditEventCode, target: Record<string, unknown>, work: (trx: Trx, now: Date) => Promise<{ result: T; detail: Record<string, unknown> }>): Promise<T> {
    return auditedTransaction(this.auth.ctx.database, request, event, target, this.now(), work);
  }

  /** A single-use code for the login's enrolment; only its hash is stored, the code is in the answer alone. */
  activationCode(request: FastifyRequest, session: SessionInfo, username: string) {
    return this.#write(request, 'cert.activation_code', { username }, async (trx, now) => {
      const user = await userByUsername(trx, username);
      if (!user) throw refuse(CERT_MESSAGES.userNotFound);
      if (user.status !== 1) throw refuse(CERT_MESSAGES.userDisabled);
      const code = Array.from(portalCrypto.randomBytes(CODE_LENGTH), (b) => CODE_ALPHABET[b & 31]).join('');
      const expiresAt = new Date(now.getTime() + this.auth.ctx.config.CERT_ACTIVATION_MINUTES * 60_000);
      await insertActivationCode(trx, { code_hash: sha256Hex(code), user_id: user.user_id, expires_at: expiresAt, created_by_user_id: session.userId, created_at: now });
      const grouped = code.match(/.{4}/g)!.join('-');
      return { result: { username: user.username, code: grouped, expiresAt: expiresAt.toISOString() }, detail: { userId: user.user_id, expiresAt: expiresAt.toISOString() } };
    });
  }

  /** One change of a locked certificate, audited with its status before and after; sessions of the login end when it stops being usable. */
  async #change(
    request: FastifyRequest,
    event: AuditEventCode,
    serial: string,
    work: (trx: Trx, row: { user_id: number; status: string; public_key: string }, now: Date) => Promise<{ serial: string; detail?: Record<string, unknown> }>,
    endSessions: boolean,
  ): Promise<CertificateRecord> {
    let userId = 0;
    const result = await this.#write(request, event, { serial }, async (trx, now) => {
      const row = await lockCertificate(trx, serial);
      if (!row) throw new AppError(RETURN_CODES.NOT_FOUND, CERT_MESSAGES.notFound);
      userId = row.user_id;
      const done = await work(trx, row, now);
      const after = (await findCertificate(trx, done.serial, now))!;
      return { result: after, detail: { userId, before: row.status, after: after.status, ...done.detail } };
    });
    if (endSessions) await this.auth.sessions.revokeUser(userId);
    return result;
  }

  freeze(request: FastifyRequest, serial: string) {
    return this.#change(
      request,
      'cert.freeze',
      serial,
      async (trx, row, now) => {
        if (row.status !== 'active') throw refuse(CERT_MESSAGES.notActive);
        await updateCertificate(trx, serial, { status: 'frozen', updated_at: now });
        return { serial };
      },
      true,
    );
  }

  unfreeze(request: FastifyRequest, serial: string) {
    return this.#change(
      request,
      'cert.unfreeze',
      serial,
      async (trx, row, now) => {
        if (row.status !== 'frozen') throw refuse(CERT_MESSAGES.notFrozen);
        await updateCertificate(trx, serial, { status: 'active', updated_at: now });
        return { serial };
      },
      false,
    );
  }

  revoke(request: FastifyRequest, serial: string, reason: string) {
    return this.#change(
      request,
      'cert.revoke',
      serial,
      async (trx, row, now) => {
        if (row.status === 'revoked') throw refuse(CERT_MESSAGES.revoked);
        await updateCertificate(trx, serial, { status: 'revoked', revoked_at: now, revoke_reason: reason, updated_at: now });
        return { serial, detail: { reason } };
      },
      true,
    );
  }

  /** Lets a login whose certificates are all revoked log in with its password again (pen test H2). */
  restorePassword(request: FastifyRequest, serial: string) {
    return this.#change(
      request,
      'cert.password_restore',
      serial,
      async (trx, row, now) => {
        if (row.status !== 'revoked') throw refuse(CERT_MESSAGES.restoreNotRevoked);
        if (await heldCertificate(trx, row.user_id)) throw refuse(CERT_MESSAGES.restoreStillHeld);
        if ((await restorePasswordLogin(trx, row.user_id, now)) === 0) throw refuse(CERT_MESSAGES.restoreDone);
        return { serial };
      },
      false,
    );
  }

  /** A new certificate for the same key and login, valid from now; the old one is revoked and links to it. */
  renew(request: FastifyRequest, serial: string) {
    return this.#change(
      request,
      'cert.renew',
      serial,
      async (trx, row, now) => {
        if (row.status !== 'active') throw refuse(CERT_MESSAGES.renewNotActive);
        await updateCertificate(trx, serial, { status: 'revoked', revoked_at: now, revoke_reason: CERT_MESSAGES.renewed, updated_at: now });
        const { username } = await userById(trx, row.user_id);
        const issued = await this.#issue(trx, row.user_id, username, row.public_key, now, { renewed_from: serial, activation_code_id: null });
        return { serial: issued, detail: { renewedBy: issued } };
      },
      false,
    );
  }

  async #issue(trx: Trx, userId: number, username: string, publicKey: string, now: Date, links: { renewed_from: string | null; activation_code_id: number | null }) {
    const issued = await this.ca.issue({ commonName: username }, publicKey, now);
    await insertCertificate(trx, {
      serial: issued.serial,
      user_id: userId,
      subject: `CN=${username}`,
      public_key: publicKey,
      certificate: issued.pem,
      not_before: issued.notBefore,
      not_after: issued.notAfter,
      created_at: now,
      updated_at: now,
      ...links,
    });
    return issued.serial;
  }

  /**
   * Enrolment (issue 14): captcha, server random, password envelope, the activation code, the CSR's
   * proof of possession, the login's password with lockout; then the code is spent, any earlier
   * certificate of the login revoked and the new one issued, in one transaction.
   */
  async enroll(request: FastifyRequest, input: OperationParsed<typeof certificatesApi.certEnroll>) {
    const { captchas, randoms, credentials, keys } = this.auth;
    const codeHash = sha256Hex(input.activationCode);
    let username: string | null = null;
    let userId: number | null = null;
    const fail = async (reason: string, entry: (typeof RETURN_CODES)[keyof typeof RETURN_CODES], message?: string) => {
      await recordAudit(this.auth.ctx.database, request, { event: 'cert.enroll', outcome: 'failure', username, userId, detail: { reason } });
      return new AppError(entry, message);
    };

    const captcha = await captchas.check(input.lastRev, input.captcha);
    if (captcha === 'expired') throw await fail('captcha_expired', RETURN_CODES.CAPTCHA_EXPIRED);
    if (captcha === 'wrong') throw await fail('captcha_wrong', RETURN_CODES.CAPTCHA_INVALID);
    if (!(await randoms.take(input.random))) throw await fail('random_invalid', RETURN_CODES.RANDOM_INVALID);
    const password = await openPassword(keys, input.zctgPassword, input.random, input.randomClient);
    if (password === null) throw await fail('password_envelope_invalid', RETURN_CODES.RANDOM_INVALID);

    const code = await liveActivationCode(this.#db, codeHash, this.now());
    if (!code) throw await fail('activation_code_invalid', RETURN_CODES.CERT_ACTIVATION_INVALID);
    username = code.username;
    userId = code.user_id;

    const der = decodeDer(input.csr);
    const csr = der && (await verifyCsr(portalCrypto, der).catch((err: unknown) => (err instanceof CryptoError ? null : Promise.reject(err))));
    if (!csr) throw await fail('csr_invalid', RETURN_CODES.CERT_REQUEST_INVALID);

    const found = await credentials.findUser(code.username);
    const user = found && found.status === 1 ? found : undefined;
    const check = await credentials.check({ username: code.username, user, password, request });
    if (!check.ok) {
      const reason = check.held ? 'locked' : 'wrong_password';
      if (check.lock) throw await fail(reason, RETURN_CODES.ACCOUNT_LOCKED, credentials.lockMessage(check.lock));
      throw await fail(reason, RETURN_CODES.CREDENTIALS_INVALID, attemptsLeftMessage(RETURN_CODES.CREDENTIALS_INVALID.message, check.remaining));
    }

    const now = this.now();
    const outcome = await this.#db.transaction().execute(async (trx) => {
      const spent = await spendActivationCode(trx, code.id, now);
      // Spent meanwhile by a concurrent enrolment with the same code.
      if (!spent) return null;
      const replaced = await revokeHeldCertificates(trx, code.user_id, now, CERT_MESSAGES.replaced);
      const serial = await this.#issue(trx, code.user_id, code.username, csr.publicKey, now, { renewed_from: null, activation_code_id: code.id });
      await recordAudit(trx, request, {
        event: 'cert.enroll',
        outcome: 'success',
        userId: code.user_id,
        username: code.username,
        detail: { serial, replaced, device: csr.publicKey.slice(0, 18) },
      });
      return { serial, replaced: replaced.length > 0 };
    });
    if (!outcome) throw await fail('activation_code_invalid', RETURN_CODES.CERT_ACTIVATION_INVALID);
    if (outcome.replaced) await this.auth.sessions.revokeUser(code.user_id);
    const row = await issuedCertificate(this.#db, outcome.serial);
    return { username: code.username, serial: outcome.serial, certificate: row.certificate, rootCertificate: this.ca.rootPem, notAfter: row.not_after.toISOString() };
  }

  /** The presented certificate, if our CA issued it (whether the bank still accepts it is #current's question). */
  async #presented(certificate: string): Promise<ParsedCertificate | null> {
    const der = decodeDer(certificate);
    return der && (await this.ca.verify(der));
  }

  /** The bank's record of a presented certificate, following renewals of the same key, with why it cannot be used. */
  async #current(parsed: ParsedCertificate | null): Promise<{ ok: true; row: { serial: string; user_id: number; public_key: string; certificate: string; not_after: Date } } | { ok: false; reason: string }> {
    if (!parsed) return { ok: false, reason: 'invalid' };
    let row = await certificateBySerial(this.#db, parsed.serial);
    if (!row || row.public_key !== parsed.publicKey) return { ok: false, reason: 'unknown' };
    // A renewal revokes the old serial and names it: the browser's copy is then the older one.
    for (let hops = 0; row.status === 'revoked' && hops < 100; hops++) {
      const next = await renewalOf(this.#db, row.serial, row.public_key);
      if (!next) break;
      row = next;
    }
    if (row.status !== 'active') return { ok: false, reason: row.status };
    const now = this.now();
    if (now < row.not_before || now >= row.not_after) return { ok: false, reason: 'expired' };
    return { ok: true, row };
  }

  /**
   * `user/queryByKey`: whose certificate this is and the current certificate for the key, only to
   * the holder of the key (pen test: it answered anyone holding a copy, seats and enterprises
   * included). The random is spent first; a signature the key did not make is refused before the
   * records are read, as an unknown certificate is.
   */
  async queryByKey(input: { certificate: string; random: string; signMsg: string }) {
    if (!(await this.auth.randoms.take(input.random))) throw new AppError(RETURN_CODES.RANDOM_INVALID);
    const presented = await this.#presented(input.certificate);
    if (!presented || !(await signatureValid(presented.publicKey, queryByKeySigningString(input.random), input.signMsg))) throw statusError();
    const current = await this.#current(presented);
    if (!current.ok) throw statusError();
    const { row } = current;
    const user = await userById(this.#db, row.user_id);
    if (user.status !== 1) throw statusError();
    return { username: user.username, serial: row.serial, certificate: row.certificate };
  }

  /** For the certificate login: the exact certificate presented must be the live one (a renewed copy is refreshed by queryByKey first). */
  async checkForLogin(certificate: string): Promise<CertificateCheck> {
    const presented = await this.#presented(certificate);
    const current = await this.#current(presented);
    if (!current.ok) return current;
    if (presented!.serial !== current.row.serial) return { ok: false, reason: 'renewed' };
    return { ok: true, serial: current.row.serial, publicKey: current.row.public_key, userId: current.row.user_id };
  }
}
