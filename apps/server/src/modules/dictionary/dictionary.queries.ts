import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The standards of these code-and-version pairs. */
export function standardsOf(db: Kysely<DB>, wanted: readonly { code: string; version: string }[]) {
  return db
    .selectFrom('dictionary_standards')
    .selectAll()
    .where((eb) => eb.or(wanted.map((w) => eb.and([eb('code', '=', w.code), eb('version', '=', w.version)]))))
    .execute();
}

/** The standards of these codes in one version. */
export function standardsInVersion(db: Kysely<DB>, codes: readonly string[], version: string) {
  return db.selectFrom('dictionary_standards').selectAll().where('code', 'in', codes).where('version', '=', version).execute();
}
