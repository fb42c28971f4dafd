import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { sha256Hex } from '../sha256';
import { SERVER_DIR } from '../server-dir';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface MigrationResult {
  applied: string[];
  current: string | null;
}

/**
 * Applies migrations/NNNN_name.sql in order, each in its own transaction together with its
 * row in schema_migrations. An applied file whose text changed stops start-up: history
 * is never rewritten silently.
 */
/** The migration files in order of application. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await fs.readdir(dir)).filter((f) => FILE_NAME.test(f)).sort();
}

/** Of these migration files, those not applied to the database (all of them before its first start). */
export async function pendingMigrations(database: Database, files: readonly string[]): Promise<string[]> {
  const exists = await sql<{ found: string | null }>`select to_regclass('schema_migrations')::text as found`.execute(database.db);
  if (!exists.rows[0]?.found) return [...files];
  const rows = await database.db.selectFrom('schema_migrations').select('version').execute();
  const applied = new Set(rows.map((r) => r.version));
  return files.filter((f) => !applied.has(f.slice(0, 4)));
}

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = await migrationFiles(dir);
  return database.withMigrationLock(async () => {
    await database.execScript(`create table if not exists schema_migrations (
      version text primary key, name text not null, checksum text not null,
      applied_at timestamptz not null default now())`);
    const rows = await database.db.selectFrom('schema_migrations').select(['version', 'checksum']).execute();
    const applied = new Map(rows.map((r) => [r.version, r.checksum]));
    const done: string[] = [];
    for (const file of files) {
      const [, version = '', name = ''] = FILE_NAME.exec(file) ?? [];
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      const checksum = sha256Hex(text);
      const known = applied.get(version);
      if (known !== undefined) {
        if (known !== checksum) throw new Error(`Migration ${file} was changed after it was applied`);
        continue;
      }
      // version, name and checksum are [0-9a-z_] only (FILE_NAME, hex): safe as literals.
      await database.execScript(
        `${text}\n;\ninsert into schema_migrations (version, name, checksum) values ('${version}', '${name}', '${checksum}');`,
      );
      done.push(file);
    }
    const last = await sql<{ version: string | null }>`select max(version) as version from schema_migrations`.execute(
      database.db,
    );
    return { applied: done, current: last.rows[0]?.version ?? null };
  });
}
