import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate, migrationFiles, pendingMigrations } from '../db/migrate';
import { databaseOptions } from '../stores';

/**
 * `npm run db:migrate`: applies pending migrations to the configured database and exits.
 * `npm run db:migrate -- --check`: lists the pending ones and exits 1 if there are any.
 */
const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
try {
  if (process.argv.includes('--check')) {
    const pending = await pendingMigrations(database, await migrationFiles());
    console.log(pending.length ? `pending: ${pending.join(', ')}` : `nothing pending (${database.kind})`);
    process.exitCode = pending.length ? 1 : 0;
  } else {
    const result = await migrate(database);
    console.log(
      result.applied.length ? `applied: ${result.applied.join(', ')}` : 'nothing to apply',
      `(schema version ${result.current ?? 'none'}, ${database.kind})`,
    );
  }
} finally {
  await database.close();
}
