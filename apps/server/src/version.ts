import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../package.json') as { version: string };

export const VERSION = pkg.version;
export const STARTED_AT = Date.now();
