import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { seedDemoData } from '../../src/seed/seed';
import { USERS } from '../../src/seed/demo-data';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('migrations and seed', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    app = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
    for (const f of await fs.readdir(MIGRATIONS_DIR)) await fs.copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  const db = () => app.stores.database;

  it('applies nothing the second time', async () => {
    const result = await migrate(db());
    expect(result.applied).toEqual([]);
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(result.current).toBe(files.at(-1)?.slice(0, 4));
  });

  it('applies a new file once, in a transaction with its bookkeeping row', async () => {
    await fs.writeFile(path.join(dir, '9001_note.sql'), 'create table migration_probe (id integer primary key);');
    expect((await migrate(db(), dir)).applied).toEqual(['9001_note.sql']);
    expect((await migrate(db(), dir)).applied).toEqual([]);
  });

  it('rolls back a failing migration entirely', async () => {
    await fs.writeFile(path.join(dir, '9002_broken.sql'), 'create table half_done (id integer);\nselect * from no_such_table;');
    await expect(migrate(db(), dir)).rejects.toThrow();
    const exists = await sql<{ t: string | null }>`select to_regclass('half_done')::text as t`.execute(db().db);
    expect(exists.rows[0]?.t).toBeNull();
    await fs.rm(path.join(dir, '9002_broken.sql'));
  });

  it('refuses to start when an applied migration was edited', async () => {
    await fs.appendFile(path.join(dir, '9001_note.sql'), '\n-- edited');
    await expect(migrate(db(), dir)).rejects.toThrow(/9001_note\.sql was changed/);
  });

  it('seeds idempotently and never resets a demo password', async () => {
    const count = async () =>
      Promise.all(
        (['users', 'user_numbers', 'menus', 'api_definitions', 'dictionary_standards', 'role_authorities', 'instructions', 'instruction_history'] as const).map(
          async (t) => Number((await db().db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
        ),
      );
    const before = await count();
    await db().db.updateTable('users').set({ password_hash: 'changed-by-user' }).where('username', '=', 'demo').execute();
    await seedDemoData(db(), app.config);
    expect(await count()).toEqual(before);
    const demo = await db().db.selectFrom('users').select('password_hash').where('username', '=', 'demo').executeTakeFirstOrThrow();
    expect(demo.password_hash).toBe('changed-by-user');
    expect(before[0]).toBe(USERS.length);
  });

  it('gives demo a seat in two enterprises', async () => {
    const seats = await db()
      .db.selectFrom('user_numbers')
      .innerJoin('users', 'users.user_id', 'user_numbers.user_id')
      .select('user_numbers.enterprise_no')
      .where('users.username', '=', 'demo')
      .execute();
    expect(new Set(seats.map((s) => s.enterprise_no)).size).toBe(2);
  });

  it('refuses to seed in production', async () => {
    await expect(seedDemoData(db(), { ...app.config, NODE_ENV: 'production' })).rejects.toThrow(/production/);
  });

  it('keeps the audit log append-only', async () => {
    await db().db.insertInto('audit_log').values({ event: 'test', outcome: 'success', detail: '{}' }).execute();
    await expect(db().db.updateTable('audit_log').set({ event: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(db().db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
