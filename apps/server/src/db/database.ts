import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { gaugeOf, logQuery } from '../metrics';
import { PGlitePool } from './pglite-pool';
import type { DB } from './schema';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  execScript(script: string): Promise<void>;
  /** Serialises migrations across instances sharing one database. */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  /** Fails when the database does not answer within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: a copy of the whole data directory (test templates, backups). */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob>;
}

/** Where the embedded database lives in a DATA_DIR (the server, backups and restores agree on it). */
export const embeddedDataDir = (dataDir: string) => path.join(dataDir, 'pgdata');

export interface DatabaseOptions {
  /** Unset: embedded PGlite. */
  url?: string;
  /** PGlite data directory; unset with no url: in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
  schema?: string;
}

// int8 as a JS number in both drivers: counts and ids here stay far below 2^53.
const INT8_OID = 20;

const MIGRATION_LOCK_KEY = 74_210_001;

// Socket errors, and PostgreSQL's SQLSTATEs for a server that is unreachable or going away:
// class 08 (connection exception), 57P01–57P03 (shutdown, crash, not yet accepting), 53300
// (too many connections). None of them says anything about the statement.
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);
// node-postgres reports these as plain Errors without a code.
const OUTAGE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];

/** Whether an error means the database server could not be reached, rather than that a statement failed. */
export function isDatabaseOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (OUTAGE_CODES.has(code) || code.startsWith('08'))) return true;
  return OUTAGE_MESSAGES.some((m) => err.message.startsWith(m));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schema ?? 'public') : openPGlite(options);
}

// Each driver is loaded only by the deployments that use it: a PostgreSQL server never holds
// PGlite's Emscripten module in memory, nor an embedded one node-postgres.
async function openPostgres(url: string, schema: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pgTypes = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    options: `-c search_path=${schema}`,
    types: pgTypes,
  });
  // A dropped server connection must not crash the process: pg emits 'error' on idle clients
  // (through the pool) and on checked-out ones (on the client, where nobody else listens);
  // the query in flight is rejected anyway and the pool replaces the connection.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  gaugeOf('portal_db_pool_connections', 'PostgreSQL connections open in the pool', () => pool.totalCount);
  gaugeOf('portal_db_pool_idle', 'PostgreSQL connections idle in the pool', () => pool.idleCount);
  gaugeOf('portal_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () => pool.waitingCount);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: logQuery });
  if (schema !== 'public') await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return {
    kind: 'postgres',
    db,
    async execScript(script) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(script);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async withMigrationLock(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: (timeoutMs = 2_000) => withTimeout(sql`select 1`.execute(db), timeoutMs),
    close: () => db.destroy(),
  };
}

/**
 * PGlite's shared buffers. Its clusters are made by initdb with PostgreSQL's 128 MB, and the
 * embedded postgres writes every page of them at start (a process of some 290 MB before a
 * query). The embedded database serves demos, tests and single-node pilots whose data is tens
 * of MB; a page that does not fit is read again from the operating system's file cache.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPGlite(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // On the command line, so it holds for data directories made before this setting as well.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  } satisfies PGliteOptions);
  const pool = new PGlitePool(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: logQuery });
  return {
    kind: 'pglite',
    db,
    execScript: (script) => pool.execScript(script),
    // One process owns a PGlite directory, so there is nobody to race.
    withMigrationLock: (work) => work(),
    async dumpDataDir(compression = 'none') {
      // Holding the pool's one connection: no statement runs while the directory is copied.
      const client = await pool.connect();
      try {
        return await pglite.dumpDataDir(compression);
      } finally {
        client.release();
      }
    },
    ping: (timeoutMs = 2_000) => withTimeout(sql`select 1`.execute(db), timeoutMs),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
