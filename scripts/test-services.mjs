// `npm run test:services`: the server integration suite (and its services-only files) against a
// real PostgreSQL and Redis. Defaults match this machine and CI; override with the variables.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};
console.log(`services suite on ${env.DATABASE_URL} and ${env.REDIS_URL}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
