import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from '../db/schema';

/** The audit log is append-only: entries are only ever inserted. */
export async function appendAuditEntry(db: Kysely<DB>, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(entry).execute();
}
