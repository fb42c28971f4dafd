import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { syncReferenceData } from '../src/reference/sync';
import { seedDemoData } from '../src/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite cluster costs seconds (initdb in WASM); loading a dump of one costs
 * well under one. So the embedded suite migrates and seeds once and every test app
 * starts from a copy of that. With DATABASE_URL each test app migrates its own schema.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
  const database = await openDatabase({});
  await migrate(database);
  await syncReferenceData(database, { CUSTOMER_PREFIX: 'customer', GATEWAY_PREFIX: 'gateway' });
  await seedDemoData(database, { NODE_ENV: 'test' });
  const file = path.join(dir, 'template.tar');
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error('embedded database cannot be dumped');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return async () => fs.rm(dir, { recursive: true, force: true });
}
