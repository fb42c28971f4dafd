import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, restoreDatabase } from '../db/backup';

/**
 * `npm run db:restore -- FILE [--replace]`: FILE (from db:backup) into the configured database,
 * which must be empty unless --replace (rolling back an upgrade). The server must be stopped.
 */
const args = process.argv.slice(2);
const [file] = args.filter((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run db:restore -- FILE [--replace]');
  process.exit(2);
}
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const what = await restoreDatabase(loadConfig(), source, { replace: args.includes('--replace') });
  console.log(`restored ${source} into the ${what}; start the server to serve it`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`restore failed: ${err.message}`);
  process.exitCode = 1;
}
