import { sql, type Transaction } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/** A case-insensitive contains-match for `ilike`, in which `%`, `_` and `\` match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether a unique constraint refused the write (two staff adding the same name at once). */
export const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/** Whether a foreign key refused the write (a row still referenced, or a reference to nothing). */
export const isForeignKeyViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23503';

/**
 * Makes concurrent transactions that pass the same `key` take turns until they end: a PostgreSQL
 * advisory lock; the embedded database runs one transaction at a time anyway.
 */
export async function takeTurns(database: Database, trx: Transaction<DB>, key: number): Promise<void> {
  if (database.kind === 'postgres') await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}
