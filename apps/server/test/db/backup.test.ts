import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase, serveEmbeddedBackups, type BackupConfig } from '../../src/db/backup';
import { openDatabase, type Database } from '../../src/db/database';
import { USERS } from '../../src/seed/demo-data';
import { TEST_CAPTCHA, loginClient } from '../helpers/login-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Rows per table of the schema the app runs on: the whole content, compared before and after. */
async function counts(database: Database) {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(database.db);
    out[name] = rows[0]!.n;
  }
  return out;
}

/**
 * `npm run db:backup` → `npm run db:restore` on the store the suite runs on: the embedded
 * database under `npm test` (dumped by the running server over its socket), PostgreSQL under
 * `npm run test:services` (pg_dump / pg_restore, restored into a new, empty database).
 */
describe('backup and restore', () => {
  const work = path.join(os.tmpdir(), `portal-backup-${randomBytes(4).toString('hex')}`);
  const file = path.join(work, 'portal.backup');
  let source: TestApp;
  let restored: TestApp | undefined;
  let socket: net.Server | undefined;
  let sourceConfig: BackupConfig;
  let targetConfig: BackupConfig;
  let dropTarget = async () => {};
  /** What the restore gave, before anyone logged in there. */
  let restoredCounts: Record<string, number> = {};

  beforeAll(async () => {
    await fs.mkdir(work, { recursive: true });
    source = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
    const url = source.config.DATABASE_URL;
    if (url) {
      sourceConfig = { DATABASE_URL: url, DATABASE_SCHEMA: source.config.DATABASE_SCHEMA, dataDir: work };
      const database = `restore_${randomBytes(4).toString('hex')}`;
      const admin = await openDatabase({ url });
      await sql`create database ${sql.id(database)}`.execute(admin.db);
      const target = new URL(url);
      target.pathname = `/${database}`;
      targetConfig = { ...sourceConfig, DATABASE_URL: target.toString() };
      dropTarget = async () => {
        await sql`drop database if exists ${sql.id(database)} with (force)`.execute(admin.db);
        await admin.close();
      };
    } else {
      // The running server answers on the socket in its DATA_DIR, as main.ts sets it up.
      sourceConfig = { DATABASE_SCHEMA: 'public', dataDir: path.join(work, 'source') };
      await fs.mkdir(sourceConfig.dataDir, { recursive: true });
      socket = await serveEmbeddedBackups(source.stores.database, sourceConfig);
      targetConfig = { DATABASE_SCHEMA: 'public', dataDir: path.join(work, 'restored') };
    }
  });
  afterAll(async () => {
    await restored?.close();
    socket?.close();
    await source.close();
    await dropTarget();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('a backup restored into an empty database holds every row, and every demo login works there', async () => {
    const before = await counts(source.stores.database);
    // The server keeps serving while the backup is taken.
    const client = await loginClient(source);
    const [, what] = await Promise.all([client.token('demo', 'Demo1234'), backupDatabase(sourceConfig, file)]);
    expect(what).toMatch(source.config.DATABASE_URL ? /^PostgreSQL schema t_/ : /dumped by the running server/);
    const after = await counts(source.stores.database);

    await restoreDatabase(targetConfig, file);
    restored = await createTestApp(
      { TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000', DATA_DIR: targetConfig.dataDir, ...(targetConfig.DATABASE_URL ? { DATABASE_URL: targetConfig.DATABASE_URL, DATABASE_SCHEMA: targetConfig.DATABASE_SCHEMA } : {}) },
      { fresh: true },
    );
    const copy = (restoredCounts = await counts(restored.stores.database));
    expect(Object.keys(copy).length).toBeGreaterThan(20);
    // The login during the backup may or may not be in it: it only adds rows.
    for (const [table, n] of Object.entries(copy)) {
      expect(n, table).toBeGreaterThanOrEqual(before[table]!);
      expect(n, table).toBeLessThanOrEqual(after[table]!);
    }
    expect(copy.instructions).toBe(before.instructions);

    const again = await loginClient(restored);
    for (const user of USERS) {
      const { json } = await again.attempt(user.username, user.password);
      // 040007: the password is right and must now be changed, as the demo means it to.
      expect(json.returnCode, `${user.username}: ${json.returnMsg}`).toBe(user.must_change_password ? '040007' : '000000');
    }
  });

  it('restore refuses a database that holds data unless told to replace it, a running server, and the other store\'s backup', async () => {
    await expect(restoreDatabase(targetConfig, file)).rejects.toThrow(/already holds .*--replace/);
    if (targetConfig.DATABASE_URL) {
      // Restored under another schema name, the configured one would be dropped for nothing.
      await expect(restoreDatabase({ ...targetConfig, DATABASE_SCHEMA: 'another_schema' }, file, { replace: true })).rejects.toThrow(
        /holds schema t_[0-9a-f]+, and DATABASE_SCHEMA is another_schema/,
      );
      // Rolling back an upgrade: the schema is replaced in one transaction.
      await restoreDatabase(targetConfig, file, { replace: true });
      expect(await counts(restored!.stores.database)).toEqual(restoredCounts);
    } else {
      await expect(restoreDatabase(sourceConfig, file, { replace: true })).rejects.toThrow(/server is running/);
    }
    const wrong = path.join(work, 'wrong.backup');
    await fs.writeFile(wrong, targetConfig.DATABASE_URL ? Buffer.from([0x1f, 0x8b, 8, 0]) : 'PGDMP\u0001');
    await expect(restoreDatabase(targetConfig, wrong, { replace: true })).rejects.toThrow(
      targetConfig.DATABASE_URL ? /not a PostgreSQL backup/ : /set DATABASE_URL/,
    );
  });
});
