import fs from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from './server-dir';

const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string };

export const VERSION = pkg.version;
export const STARTED_AT = Date.now();
