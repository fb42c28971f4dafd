import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { DB } from '../../apps/server/src/db/schema';
import { LOGIN_ENV } from './login';
import { indexesOf, ms } from './measure';
import { startPortalServer } from './server-process';

/**
 * A PostgreSQL benchmark's own schema on DATABASE_URL (emptied first) with the portal server
 * started on it (with `env`), or null without DATABASE_URL. `captured` collects every statement the bench's
 * Kysely runs, so a measured call's statements can be explained; `close` stops the server and
 * drops the schema.
 */
export async function openBenchSchema(schema: string, port: number, env: Record<string, string> = LOGIN_ENV) {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL) return null;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4, options: `-c search_path=${schema}` });
  const captured: CompiledQuery[] = [];
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  const server = await startPortalServer(port, {
    ...env,
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL: REDIS_URL ?? '',
    KV_PREFIX: `bench:${process.pid}:`,
  });
  const close = async () => {
    await server.stop();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  };
  /** Runs `work` once and answers each statement it ran with its EXPLAIN ANALYZE time and indexes. */
  const explain = async (work: () => Promise<unknown>) => {
    captured.length = 0;
    await work();
    const statements = [];
    for (const q of [...captured]) {
      const parameters = [...q.parameters];
      const { rows } = await pool.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(`explain (analyze, format json) ${q.sql}`, parameters);
      const plan = rows[0]!['QUERY PLAN'];
      statements.push({ sql: q.sql, parameters, executionMs: ms(plan[0]!['Execution Time']), indexes: indexesOf(plan) });
    }
    return statements;
  };
  return { pool, db, server, close, explain };
}
