import { sql, type Kysely } from 'kysely';
import type { auditConfirmationsApi } from '@portal/shared';
import type { DB } from '../../db/schema';

const ymd = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const selectRows = (db: Kysely<DB>) => db.selectFrom('audit_confirmations').select([...COLUMNS, ymd('period_start').as('period_start'), ymd('balance_date').as('balance_date')]);
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>;
type ConfirmationRecord = auditConfirmationsApi.ConfirmationRecord;
type ConfirmationStatus = auditConfirmationsApi.ConfirmationStatus;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const COLUMNS = [
  'id',
  'confirmation_no',
  'auditor_name',
  'auditor_firm',
  'account_nos',
  'issued_by_user_no',
  'issued_at',
  'expires_at',
  'revoked_at',
  'open_count',
  'last_opened_at',
  'document_sm3',
] as const;


/** 已撤销 before 已过期: a revoked link stays revoked whatever its date. */
export const statusOf = (row: { revoked_at: Date | string | null; expires_at: Date | string }, now: Date): ConfirmationStatus =>
  row.revoked_at ? 'revoked' : new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';

export const toRecord = (row: Row, now: Date): ConfirmationRecord => ({
  id: row.id,
  confirmationNo: row.confirmation_no,
  auditorName: row.auditor_name,
  auditorFirm: row.auditor_firm,
  periodStart: row.period_start,
  balanceDate: row.balance_date,
  accountNos: row.account_nos,
  issuedByUserNo: row.issued_by_user_no,
  issuedAt: iso(row.issued_at)!,
  expiresAt: iso(row.expires_at)!,
  revokedAt: iso(row.revoked_at),
  openCount: row.open_count,
  lastOpenedAt: iso(row.last_opened_at),
  documentSm3: row.document_sm3,
  status: statusOf(row, now),
});


export async function listConfirmations(db: Kysely<DB>, enterpriseNo: string, page: number, limit: number) {
  const [records, { n }] = await Promise.all([
    selectRows(db).where('enterprise_no', '=', enterpriseNo).orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    db.selectFrom('audit_confirmations').select((eb) => eb.fn.countAll<string>().as('n')).where('enterprise_no', '=', enterpriseNo).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(n) };
}

/** One confirmation of the enterprise (locked when `forUpdate`), or undefined. */
export async function findConfirmation(db: Kysely<DB>, enterpriseNo: string, id: number, forUpdate = false) {
  let q = selectRows(db).where('enterprise_no', '=', enterpriseNo).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** What a document is made of, and the document once made. */
const withDocument = (db: Kysely<DB>) =>
  db
    .selectFrom('audit_confirmations')
    .select(['id', 'confirmation_no', 'enterprise_no', 'auditor_name', 'auditor_firm', 'account_nos', 'issued_by_user_no', 'expires_at', 'revoked_at', 'document'])
    .select([ymd('period_start').as('period_start'), ymd('balance_date').as('balance_date')]);
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof withDocument>['executeTakeFirstOrThrow']>>;

export const documentOf = (db: Kysely<DB>, enterpriseNo: string, id: number) => withDocument(db).where('enterprise_no', '=', enterpriseNo).where('id', '=', id).executeTakeFirst();

/** The confirmation a link's token opens (by the token's SM3), with its document. */
export const byToken = (db: Kysely<DB>, tokenSm3: string) => withDocument(db).where('token_sm3', '=', tokenSm3).executeTakeFirst();

/** Keeps a document made on first read; one made meanwhile by another read wins. */
export async function keepDocument(db: Kysely<DB>, id: number, document: Buffer, documentSm3: string) {
  await db.updateTable('audit_confirmations').set({ document, document_sm3: documentSm3 }).where('id', '=', id).where('document', 'is', null).execute();
  const row = await db.selectFrom('audit_confirmations').select('document').where('id', '=', id).executeTakeFirstOrThrow();
  return row.document!;
}
