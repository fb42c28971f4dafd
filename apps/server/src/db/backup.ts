import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config';
import { embeddedDataDir, openDatabase, type Database } from './database';

/**
 * Backups of both stores (`npm run db:backup -- FILE`, `npm run db:restore -- FILE`):
 * PostgreSQL through pg_dump/pg_restore in the custom format, the embedded database through
 * PGlite's own data-directory dump (a gzipped tar). An embedded directory belongs to one
 * process, so while the server runs it takes the dump itself, asked over a Unix socket in
 * DATA_DIR that only the directory's owner can reach; stopped, the command opens the directory.
 */

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'DATABASE_SCHEMA' | 'dataDir'>;

export class BackupError extends Error {}

const PG_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

export const backupSocketPath = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'backup.sock');

export async function backupDatabase(config: BackupConfig, file: string): Promise<string> {
  if (config.DATABASE_URL) {
    const { url, env } = pgConnection(config.DATABASE_URL);
    await writeBeside(file, (partial) => run('pg_dump', ['--format=custom', `--schema=${config.DATABASE_SCHEMA}`, `--file=${partial}`, `--dbname=${url}`], { env }));
    return `PostgreSQL schema ${config.DATABASE_SCHEMA}`;
  }
  if (await askRunningServer(config, file)) return 'embedded database (dumped by the running server)';
  const dir = embeddedDataDir(config.dataDir);
  if (!(await hasFiles(dir))) throw new BackupError(`no embedded database in ${dir}: nothing to back up`);
  const database = await openDatabase({ dataDir: dir });
  try {
    await writeEmbeddedDump(database, file);
  } finally {
    await database.close();
  }
  return `embedded database in ${dir}`;
}

/**
 * Restores FILE into the configured store. An empty target is filled; a target with data is
 * replaced only when asked (`replace`: rolling an upgrade back), PostgreSQL in one transaction
 * (the schema dropped and re-created), the embedded directory kept aside, never deleted.
 */
export async function restoreDatabase(config: BackupConfig, file: string, options: { replace?: boolean } = {}): Promise<string> {
  const head = await readHead(file);
  if (config.DATABASE_URL) {
    if (!head.startsWith(PG_MAGIC)) throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump custom format); DATABASE_URL is set`);
    const schema = config.DATABASE_SCHEMA;
    // The dump creates the schema it was taken from: restored under another name, the one
    // configured would be dropped and the server would start on nothing.
    const listed = await capture('pg_restore', ['--list', file]);
    const dumped = /^\d+; \d+ \d+ SCHEMA - (\S+) /m.exec(listed)?.[1];
    if (dumped !== schema) throw new BackupError(`${file} holds schema ${dumped ?? '(none)'}, and DATABASE_SCHEMA is ${schema}: restore it with DATABASE_SCHEMA=${dumped}`);
    const { url, env } = pgConnection(config.DATABASE_URL);
    const existing = await postgresHasData(config.DATABASE_URL, schema);
    if (existing && !options.replace) {
      throw new BackupError(`schema ${schema} already holds data: restore into an empty database, or add --replace to replace it`);
    }
    // pg_restore writes the script (which creates the schema), psql runs it in one transaction
    // (`--single-transaction` holds only with --file): a failed restore leaves the database as it
    // was. Without --replace the drop has no cascade, so it cannot take anything with it.
    const script = await capture('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file]);
    const drop = `drop schema if exists "${schema}"${options.replace ? ' cascade' : ''};\n`;
    await run('psql', ['--quiet', '--no-psqlrc', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '--file=-', `--dbname=${url}`], { env, stdin: drop + script });
    return `PostgreSQL schema ${schema}${existing ? ' (replaced)' : ''}`;
  }
  if (head.startsWith(PG_MAGIC)) throw new BackupError(`${file} is a PostgreSQL backup: set DATABASE_URL to restore it`);
  if (head.charCodeAt(0) !== GZIP_MAGIC[0] || head.charCodeAt(1) !== GZIP_MAGIC[1]) {
    throw new BackupError(`${file} is not a backup of the embedded database`);
  }
  if (await serverAnswers(backupSocketPath(config))) throw new BackupError('the server is running on this DATA_DIR: stop it before restoring');
  const dir = embeddedDataDir(config.dataDir);
  const existing = await hasFiles(dir);
  if (existing && !options.replace) {
    throw new BackupError(`${dir} already holds a database: restore into an empty DATA_DIR, or add --replace to replace it`);
  }
  // Unpacked and checked beside the target first, then swapped in.
  const incoming = `${dir}.restoring`;
  await fs.rm(incoming, { recursive: true, force: true });
  const dump = new Blob([await fs.readFile(file)], { type: 'application/gzip' });
  const database = await openDatabase({ dataDir: incoming, loadDataDir: dump });
  await database.ping(10_000).finally(() => database.close());
  let keptAside = '';
  if (existing) {
    keptAside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(dir, keptAside);
  }
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rename(incoming, dir);
  return `embedded database in ${dir}${keptAside ? ` (the one it replaced is kept in ${keptAside})` : ''}`;
}

/**
 * The running server's side: answers `{"file": "/absolute/path"}` lines on the socket with a
 * consistent dump (PGlite runs one query at a time; the dump waits its turn on the pool).
 */
export async function serveEmbeddedBackups(database: Database, config: Pick<Config, 'dataDir'>): Promise<net.Server> {
  const socket = backupSocketPath(config);
  await fs.rm(socket, { force: true });
  const server = net.createServer((connection) => {
    let input = '';
    let started = false;
    connection.setEncoding('utf8');
    connection.on('error', () => undefined);
    connection.on('data', (chunk: string) => {
      if (started) return;
      input += chunk;
      if (input.length > 4096) return void connection.destroy();
      if (!input.includes('\n')) return;
      started = true;
      void (async () => {
        try {
          const { file } = JSON.parse(input) as { file?: unknown };
          if (typeof file !== 'string' || !path.isAbsolute(file)) throw new BackupError('an absolute file path is required');
          await writeEmbeddedDump(database, file);
          connection.end(JSON.stringify({ ok: true }) + '\n');
        } catch (err) {
          connection.end(JSON.stringify({ ok: false, message: err instanceof Error ? err.message : String(err) }) + '\n');
        }
      })();
    });
  });
  // Created 0600 from the start (the umask, briefly): nobody else may ask for a dump to a path.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  } finally {
    process.umask(umask);
  }
  return server;
}

async function writeEmbeddedDump(database: Database, file: string) {
  const dump = await database.dumpDataDir?.('gzip');
  if (!dump) throw new BackupError('this database cannot be dumped');
  const bytes = Buffer.from(await dump.arrayBuffer());
  // 'wx': a new file of our own, not one (or a link) that was lying there.
  await writeBeside(file, (partial) => fs.writeFile(partial, bytes, { mode: 0o600, flag: 'wx' }));
}

/** Writes FILE through `FILE.partial`, renamed once complete: a failed backup never carries the name. */
async function writeBeside(file: string, write: (partial: string) => Promise<unknown>) {
  const partial = `${file}.partial`;
  await fs.rm(partial, { force: true });
  try {
    await write(partial);
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/** True when a running server took the backup; false when none listens on DATA_DIR. */
async function askRunningServer(config: Pick<Config, 'dataDir'>, file: string): Promise<boolean> {
  const socket = backupSocketPath(config);
  const answer = await new Promise<string | null>((resolve, reject) => {
    const connection = net.createConnection(socket);
    let output = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(JSON.stringify({ file: path.resolve(file) }) + '\n'));
    connection.on('data', (chunk: string) => (output += chunk));
    connection.on('end', () => resolve(output));
    connection.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(null) : reject(err),
    );
  });
  if (answer === null) return false;
  let result: { ok: boolean; message?: string };
  try {
    result = JSON.parse(answer) as typeof result;
  } catch {
    throw new BackupError('the running server gave no answer about the backup: see its log');
  }
  if (!result.ok) throw new BackupError(`the running server could not take the backup: ${result.message}`);
  return true;
}

const serverAnswers = (socket: string) =>
  new Promise<boolean>((resolve) => {
    const connection = net.createConnection(socket);
    connection.on('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.on('error', () => resolve(false));
  });

/** Whether the schema holds any relation (tables, sequences, views), whoever may read them. */
async function postgresHasData(url: string, schema: string): Promise<boolean> {
  const database = await openDatabase({ url, schema: 'public' });
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema}`.execute(database.db);
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await database.close();
  }
}

async function readHead(file: string): Promise<string> {
  const handle = await fs.open(file, 'r').catch(() => {
    throw new BackupError(`cannot read ${file}`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch(() => []);
  return entries.length > 0;
}

/** The URL without its password, which goes in the environment: arguments are visible to `ps`. */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

interface ToolOptions {
  env?: NodeJS.ProcessEnv;
  stdin?: string;
}

/** Runs a PostgreSQL client tool; its stderr becomes the error's message. */
function run(command: string, args: string[], options: ToolOptions = {}): Promise<void> {
  return capture(command, args, options).then(() => undefined);
}

function capture(command: string, args: string[], { env, stdin }: ToolOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...(env ? { env } : {}) });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(new BackupError(e.code === 'ENOENT' ? `${command} not found: install PostgreSQL's client tools` : e.message)),
    );
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString()) : reject(new BackupError(`${command}: ${err.trim() || `exit ${code}`}`))));
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin ?? '');
  });
}
