import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, backupDatabase } from '../db/backup';

/** `npm run db:backup -- FILE`: a backup of the configured database (see db/backup.ts). */
const [file] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run db:backup -- FILE');
  process.exit(2);
}
// npm runs this in the server's folder; FILE is meant relative to where the operator typed it.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const what = await backupDatabase(loadConfig(), target);
  console.log(`backed up ${what} to ${target}`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`backup failed: ${err.message}`);
  process.exitCode = 1;
}
