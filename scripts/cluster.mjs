// `npm run cluster [-- --size N] [--seed]`: the deployment of deploy/ on one machine. N instances
// (3 unless --size or CLUSTER_SIZE) of the compiled server with NODE_ENV=production, on
// consecutive ports after CLUSTER_PORT (8080 unless set), behind Debian's haproxy on CLUSTER_PORT
// running deploy/haproxy.cfg, on the PostgreSQL and Redis of DATABASE_URL and REDIS_URL. Builds
// what is missing, creates the server keys if there are none, migrates once before the instances
// start, and loads the demo data with --seed. An instance that dies is reported and not
// restarted: haproxy's readiness check takes it out of rotation. Ctrl-C or SIGTERM stops
// everything it started, the instances gracefully. apps/server/test/services/cluster.test.ts runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HAPROXY, READINESS, ROOT as root, SERVER, TEMPLATE, ensureBuilt, gone, haproxyConfig, prepareStores, startChild, waitReady } from './lib/cluster-parts.mjs';

// The defaults of `npm run test:services` (scripts/test-services.mjs): this machine's and CI's servers.
const DEFAULT_STORES = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', REDIS_URL: 'redis://127.0.0.1:6379' };

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

const { values: args } = parseArgs({ options: { size: { type: 'string' }, seed: { type: 'boolean', default: false } } });
const size = Number(args.size ?? process.env.CLUSTER_SIZE ?? 3);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
if (!Number.isInteger(size) || size < 1 || size > 32) fail('--size or CLUSTER_SIZE: a whole number from 1 to 32');
if (!Number.isInteger(port) || port < 1 || port + size > 65535) fail('CLUSTER_PORT: a port number');
if (!fs.existsSync(HAPROXY)) fail(`no ${HAPROXY}: install Debian's haproxy (apt-get install haproxy)`);

const stores = Object.fromEntries(Object.entries(DEFAULT_STORES).map(([name, fallback]) => [name, process.env[name] || fallback]));
/** A URL as printed: its password hidden, and whether it is the default. */
function shown(name) {
  const url = new URL(stores[name]);
  if (url.password) url.password = '***';
  return `${url}${process.env[name] ? '' : ` (default; set ${name} for another)`}`;
}
const keysDir = path.resolve(process.env.CRYPTO_KEYS_DIR ?? path.join(root, 'data/cluster/keys'));
const env = {
  ...process.env,
  ...stores,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  CRYPTO_KEYS_DIR: keysDir,
  // haproxy connects from 127.0.0.1: its X-Forwarded-For carries the client's address.
  TRUST_PROXY: '127.0.0.1',
  // Every readiness check and request would be an info line; LOG_LEVEL=info shows them.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
console.log(`cluster: PostgreSQL ${shown('DATABASE_URL')}, Redis ${shown('REDIS_URL')}`);

try {
  ensureBuilt((message) => console.log(`cluster: ${message}`));
  prepareStores(env, { seed: args.seed, log: (message) => console.log(`cluster: ${message}`) });
} catch (err) {
  fail(err.message);
}

/** A child of this script, its output prefixed with its label. */
const start = (label, file, argv, extraEnv = {}) => startChild(label, file, argv, { ...env, ...extraEnv });

const instances = Array.from({ length: size }, (_, i) => {
  const n = i + 1;
  return { n, port: port + n, ...start(`instance ${n}`, process.execPath, SERVER, { PORT: String(port + n) }) };
});
let balancer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
let stopping = false;

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  const live = instances.filter((i) => !gone(i));
  if (live.length) console.log(`cluster: stopping ${live.length} instance(s) with SIGTERM (requests in flight finish), then haproxy`);
  for (const i of live) i.child.kill('SIGTERM');
  // They exit by themselves within SHUTDOWN_TIMEOUT_MS; this is for one that hangs.
  const hung = setTimeout(() => live.forEach((i) => i.child.kill('SIGKILL')), Number(env.SHUTDOWN_TIMEOUT_MS ?? 25_000) + 5_000);
  await Promise.all(instances.map((i) => i.exited));
  clearTimeout(hung);
  if (balancer && !gone(balancer)) balancer.child.kill('SIGTERM');
  await balancer?.exited;
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log('cluster: stopped');
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
// Should this script end any other way, its children must not outlive it.
process.on('exit', () => [...instances, balancer].forEach((p) => p && !gone(p) && p.child.kill('SIGTERM')));

for (const i of instances) {
  void i.exited.then((how) => {
    if (stopping) return;
    console.error(`cluster: instance ${i.n} (pid ${i.child.pid}, port ${i.port}) exited (${how}); not restarted: haproxy's readiness check takes it out of rotation`);
    if (instances.every(gone)) {
      console.error('cluster: no instance left');
      void stop(1);
    }
  });
}

/** Starts haproxy once every instance is ready; false if the cluster is stopping instead. */
async function startBalancer() {
  try {
    await Promise.all(instances.map((i) => waitReady(i.label, `http://127.0.0.1:${i.port}${READINESS}`, 90_000, () => gone(i), () => stopping)));
    const config = path.join(tmp, 'haproxy.cfg');
    const servers = instances.map((i) => [`instance${i.n}`, `127.0.0.1:${i.port}`]);
    fs.writeFileSync(config, haproxyConfig(fs.readFileSync(TEMPLATE, 'utf8'), `127.0.0.1:${port}`, servers));
    // -db: in the foreground, as this script's child.
    balancer = start('haproxy', HAPROXY, ['-db', '-f', config]);
    void balancer.exited.then((how) => {
      if (stopping) return;
      console.error(`cluster: haproxy exited (${how}); stopping the instances`);
      void stop(1);
    });
    await waitReady('haproxy', `http://127.0.0.1:${port}${READINESS}`, 30_000, () => gone(balancer), () => stopping);
    return true;
  } catch (err) {
    if (!stopping) {
      console.error(`cluster: ${err.message}`);
      void stop(1);
    }
    return false;
  }
}

if (await startBalancer()) {
  const origin = `http://127.0.0.1:${port}`;
  const keys = keysDir.startsWith(root + path.sep) ? path.relative(root, keysDir) : keysDir;
  console.log(`
cluster ready: ${origin} (haproxy pid ${balancer.child.pid}, round robin over ${size} instance(s), deploy/haproxy.cfg)
  web app ${origin}/zctgdzhwy/   API ${origin}/pmobile/   readiness ${origin}${READINESS}
${instances.map((i) => `  ${i.label}  http://127.0.0.1:${i.port}  pid ${i.child.pid}`).join('\n')}
  PostgreSQL ${shown('DATABASE_URL')}, schema ${env.DATABASE_SCHEMA || 'public'}
  Redis ${shown('REDIS_URL')}, key prefix ${env.KV_PREFIX ?? 'portal:'}
  NODE_ENV=production, TRUST_PROXY=127.0.0.1, keys in ${keys}, instance logs at LOG_LEVEL=${env.LOG_LEVEL}${
    args.seed ? '\n  demo logins: README, "Demo logins" (in production the captcha is a real one)' : ''
  }
  Ctrl-C stops them all.
`);
}
