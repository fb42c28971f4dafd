import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The catalogue's version, bumped by every change to it; undefined before the migrations made its row. */
export async function catalogueVersion(db: Kysely<DB>): Promise<number | undefined> {
  const state = await db.selectFrom('api_catalogue_state').select('version').where('id', '=', 1).executeTakeFirst();
  return state && Number(state.version);
}

/** Every catalogue row's policy columns, in priority order. */
export function cataloguePolicies(db: Kysely<DB>) {
  return db
    .selectFrom('api_definitions')
    .select(['api_code', 'path', 'contract_id', 'is_encrypt', 'is_ara', 'is_auth', 'is_open', 'status'])
    .orderBy('priority')
    .orderBy('api_id')
    .execute();
}
