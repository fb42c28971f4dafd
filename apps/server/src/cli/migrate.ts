import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { databaseOptions } from '../stores';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
try {
  const result = await migrate(database);
  console.log(
    result.applied.length ? `applied: ${result.applied.join(', ')}` : 'nothing to apply',
    `(schema version ${result.current ?? 'none'}, ${database.kind})`,
  );
} finally {
  await database.close();
}
