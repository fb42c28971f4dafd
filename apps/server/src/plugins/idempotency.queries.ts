import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

export interface KeyRow {
  scope: string;
  idem_key: string;
  operation_id: string;
  body_sha256: string;
  request_id: string;
}

export const findKey = (db: Kysely<DB>, scope: string, key: string) =>
  db
    .selectFrom('idempotent_requests')
    // A kept answer may be JSON null (a write whose success has no data): only SQL NULL means none yet.
    .select(['operation_id', 'body_sha256', 'answer', sql<boolean>`answer is not null`.as('answered')])
    .where('scope', '=', scope)
    .where('idem_key', '=', key)
    .executeTakeFirst();

/**
 * Marks the key in a write's transaction. True when it is this request's: new, or written by an
 * earlier transaction of the same request; false when another request holds it (the caller
 * rolls back). A concurrent insert of the same key waits here for the other transaction.
 */
export async function markKey(trx: Transaction<DB>, row: KeyRow): Promise<boolean> {
  const mine = await trx
    .insertInto('idempotent_requests')
    .values(row)
    .onConflict((oc) => oc.columns(['scope', 'idem_key']).doUpdateSet({ request_id: row.request_id }).where('idempotent_requests.request_id', '=', row.request_id))
    .returning('scope')
    .executeTakeFirst();
  return mine !== undefined;
}

/** The answer of the request that marked the key; for a success that wrote nothing, the key and answer together. */
export async function keepAnswer(db: Kysely<DB>, row: KeyRow, answer: string) {
  await db
    .insertInto('idempotent_requests')
    .values({ ...row, answer })
    .onConflict((oc) => oc.columns(['scope', 'idem_key']).doUpdateSet({ answer }).where('idempotent_requests.request_id', '=', row.request_id))
    .execute();
}

/** Keys are kept for `keepMs`: what a client's retries need, not a history. */
export async function forgetKeysBefore(db: Kysely<DB>, scope: string, keepMs: number) {
  await db
    .deleteFrom('idempotent_requests')
    .where('scope', '=', scope)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${keepMs / 1000})`)
    .execute();
}
