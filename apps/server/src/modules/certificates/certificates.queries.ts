import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { CertificateRecord, OperationParsed, certificatesApi } from '@portal/shared';
import type { CertificateActivationCodesTable, CertificatesTable, DB } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

const columns = [
  'c.serial',
  'c.subject',
  'c.public_key',
  'c.not_before',
  'c.not_after',
  'c.status',
  'c.renewed_from',
  'c.revoked_at',
  'c.revoke_reason',
  'c.password_restored_at',
  'c.created_at',
  'u.username',
  'u.nick_name',
] as const;

function base(db: Kysely<DB>) {
  return db
    .selectFrom('certificates as c')
    .innerJoin('users as u', 'u.user_id', 'c.user_id')
    .leftJoin('certificates as r', 'r.renewed_from', 'c.serial')
    .select([...columns, 'r.serial as renewed_by']);
}

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const view = (row: Row, now: Date): CertificateRecord => ({
  serial: row.serial,
  subject: row.subject,
  username: row.username,
  nickName: row.nick_name,
  publicKey: row.public_key,
  notBefore: row.not_before.toISOString(),
  notAfter: row.not_after.toISOString(),
  status: row.status,
  expired: row.not_after <= now,
  renewedFrom: row.renewed_from,
  renewedBy: row.renewed_by,
  revokedAt: row.revoked_at?.toISOString() ?? null,
  revokeReason: row.revoke_reason,
  passwordRestoredAt: row.password_restored_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

export async function findCertificate(db: Kysely<DB>, serial: string, now: Date): Promise<CertificateRecord | undefined> {
  const row = await base(db).where('c.serial', '=', serial).executeTakeFirst();
  return row && view(row, now);
}

export async function listCertificates(db: Kysely<DB>, input: OperationParsed<typeof certificatesApi.certQuery>, now: Date) {
  let query = base(db);
  if (input.username) query = query.where('u.username', 'ilike', containsPattern(input.username));
  if (input.serial) query = query.where('c.serial', 'ilike', containsPattern(input.serial));
  if (input.status) query = query.where('c.status', '=', input.status);
  const [rows, total] = await Promise.all([
    query
      .orderBy('c.created_at', 'desc')
      .orderBy('c.serial')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    query.clearSelect().select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map((r) => view(r, now)), total: Number(total.n) };
}

/** The login an activation code is made for. */
export function userByUsername(trx: Transaction<DB>, username: string) {
  return trx.selectFrom('users').select(['user_id', 'username', 'status']).where('username', '=', username).executeTakeFirst();
}

/** A login's name and status. */
export function userById(db: Kysely<DB>, userId: number) {
  return db.selectFrom('users').select(['username', 'status']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

export async function insertActivationCode(trx: Transaction<DB>, values: Insertable<CertificateActivationCodesTable>) {
  await trx.insertInto('certificate_activation_codes').values(values).execute();
}

/** An unused, unexpired activation code by its hash, with its login. */
export function liveActivationCode(db: Kysely<DB>, codeHash: string, now: Date) {
  return db
    .selectFrom('certificate_activation_codes as a')
    .innerJoin('users as u', 'u.user_id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.username'])
    .where('a.code_hash', '=', codeHash)
    .where('a.used_at', 'is', null)
    .where('a.expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the code used; undefined when it was already spent. */
export function spendActivationCode(trx: Transaction<DB>, id: number, now: Date) {
  return trx.updateTable('certificate_activation_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
}

/** Locks a certificate's row for one change. */
export function lockCertificate(trx: Transaction<DB>, serial: string) {
  return trx.selectFrom('certificates').select(['user_id', 'status', 'public_key']).where('serial', '=', serial).forUpdate().executeTakeFirst();
}

export async function updateCertificate(trx: Transaction<DB>, serial: string, values: Updateable<CertificatesTable>) {
  await trx.updateTable('certificates').set(values).where('serial', '=', serial).execute();
}

export async function insertCertificate(trx: Transaction<DB>, values: Insertable<CertificatesTable>) {
  await trx.insertInto('certificates').values(values).execute();
}

/** One certificate of the login that is not revoked, if any. */
export function heldCertificate(trx: Transaction<DB>, userId: number) {
  return trx.selectFrom('certificates').select('serial').where('user_id', '=', userId).where('status', '!=', 'revoked').executeTakeFirst();
}

/** Stamps the login's revoked certificates as restored to password login; answers how many were stamped. */
export async function restorePasswordLogin(trx: Transaction<DB>, userId: number, now: Date) {
  const restored = await trx
    .updateTable('certificates')
    .set({ password_restored_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'revoked')
    .where('password_restored_at', 'is', null)
    .executeTakeFirst();
  return Number(restored.numUpdatedRows);
}

/** Revokes every certificate of the login that is not revoked yet; answers their serials. */
export async function revokeHeldCertificates(trx: Transaction<DB>, userId: number, now: Date, reason: string) {
  const rows = await trx
    .updateTable('certificates')
    .set({ status: 'revoked', revoked_at: now, revoke_reason: reason, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '<>', 'revoked')
    .returning('serial')
    .execute();
  return rows.map((r) => r.serial);
}

/** The PEM and expiry of an issued certificate. */
export function issuedCertificate(db: Kysely<DB>, serial: string) {
  return db.selectFrom('certificates').select(['certificate', 'not_after']).where('serial', '=', serial).executeTakeFirstOrThrow();
}

const presentable = (db: Kysely<DB>) => db.selectFrom('certificates').select(['serial', 'user_id', 'public_key', 'certificate', 'status', 'not_before', 'not_after']);

/** A certificate by serial, as login checks it. */
export function certificateBySerial(db: Kysely<DB>, serial: string) {
  return presentable(db).where('serial', '=', serial).executeTakeFirst();
}

/** The certificate that renewed `serial` for the same key, if any. */
export function renewalOf(db: Kysely<DB>, serial: string, publicKey: string) {
  return presentable(db).where('renewed_from', '=', serial).where('public_key', '=', publicKey).executeTakeFirst();
}
