import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

export interface KeyRow {
  scope: string;
  key_sha256: string;
  operation_id: string;
  body_sha256: string;
  request_id: string;
}

/** The key's row; `answer` is the sealed answer, null while none is kept yet. */
export const findKey = (db: Kysely<DB>, scope: string, keySha256: string) =>
  db
    .selectFrom('idempotent_requests')
    .select(['operation_id', 'body_sha256', 'answer'])
    .where('scope', '=', scope)
    .where('key_sha256', '=', keySha256)
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
    .onConflict((oc) => oc.columns(['scope', 'key_sha256']).doUpdateSet({ request_id: row.request_id }).where('idempotent_requests.request_id', '=', row.request_id))
    .returning('scope')
    .executeTakeFirst();
  return mine !== undefined;
}

/** The sealed answer of the request that marked the key; for a success that wrote nothing, the key and answer together. */
export async function keepAnswer(db: Kysely<DB>, row: KeyRow, answer: Uint8Array) {
  await db
    .insertInto('idempotent_requests')
    .values({ ...row, answer })
    .onConflict((oc) => oc.columns(['scope', 'key_sha256']).doUpdateSet({ answer }).where('idempotent_requests.request_id', '=', row.request_id))
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
