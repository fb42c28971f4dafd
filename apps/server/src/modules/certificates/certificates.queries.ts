import type { Kysely } from 'kysely';
import type { CertificateRecord, OperationParsed, certificatesApi } from '@portal/shared';
import type { DB } from '../../db/schema';
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
