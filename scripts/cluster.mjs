// `npm run cluster [-- --size N] [--seed]`: the deployment of deploy/ on one machine. N instances
// (3 unless --size or CLUSTER_SIZE) of the compiled server with NODE_ENV=production, on
// consecutive ports after CLUSTER_PORT (8080 unless set), behind Debian's haproxy on CLUSTER_PORT
// running deploy/haproxy.cfg, on the PostgreSQL and Redis of DATABASE_URL and REDIS_URL. Builds
// what is missing, creates the server keys if there are none, migrates once before the instances
// start, and loads the demo data with --seed. An instance that dies is reported and not
// restarted: haproxy's readiness check takes it out of rotation. Ctrl-C or SIGTERM stops
// everything it started, the instances gracefully. apps/server/test/services/cluster.test.ts runs it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const HAPROXY = '/usr/sbin/haproxy';
const TEMPLATE = path.join(root, 'deploy/haproxy.cfg');
// The command of deploy/portal.service and deploy/Dockerfile, from the repository's root.
const SERVER = ['--enable-source-maps', 'apps/server/dist/main.js'];
// What deploy/haproxy.cfg checks (API_BASE /pmobile).
const READINESS = '/pmobile/monitor/system/readiness';
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

function build(workspace) {
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) fail(`npm run build -w ${workspace} failed`);
}
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.log('cluster: no server build yet: building apps/server ...');
  build('@portal/server');
}
if (!process.env.WEB_DIST && !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('cluster: no web build yet: building apps/web ...');
  build('@portal/web');
}

/** One of the server's commands (apps/server/src/cli), as `npm run <command> -w @portal/server` runs it. */
function command(name, extraEnv = {}) {
  const run = spawnSync(process.execPath, ['--enable-source-maps', `apps/server/dist/cli/${name}.js`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  if (run.status !== 0) fail(`${name} failed`);
}

// Production never generates keys by itself; every instance reads the same ones.
const keyPrefix = `${(process.env.CRYPTO_ASYMMETRIC ?? 'SM2').toLowerCase()}-`;
if (!fs.existsSync(keysDir) || !fs.readdirSync(keysDir).some((f) => f.startsWith(keyPrefix) && f.endsWith('.json'))) command('generate-key');
if (!fs.existsSync(path.join(keysDir, 'ca-root.json'))) command('generate-ca');
// Once, so the instances start on a migrated database (each would also take the migration lock).
command('migrate');
if (args.seed) {
  // The seed refuses NODE_ENV=production (a bank's database must never get the demo logins), so
  // it runs as `npm run db:seed` does; it adds what is missing and changes nothing that exists.
  console.log('cluster: loading the demo data (never on a bank\'s database)');
  command('seed', { NODE_ENV: 'development' });
}

/**
 * deploy/haproxy.cfg for this machine: the frontend's `bind` line and the backend's `server`
 * lines replaced, every other line as the file has it.
 */
function haproxyConfig(template, bind, servers) {
  const lines = [];
  let binds = 0;
  let serverLines = 0;
  for (const line of template.split('\n')) {
    if (/^\s+bind\s/.test(line)) {
      lines.push(`    bind ${bind}`);
      binds++;
    } else if (/^\s+server\s/.test(line)) {
      if (serverLines++ === 0) lines.push(...servers.map(([name, address]) => `    server ${name} ${address}`));
    } else {
      lines.push(line);
    }
  }
  if (binds !== 1 || serverLines === 0) throw new Error(`${TEMPLATE}: expected one bind line and the server lines`);
  return ['# Made by scripts/cluster.mjs from deploy/haproxy.cfg.', ...lines].join('\n');
}

/** A child in its own process group (Ctrl-C reaches this script only, which stops them in order), its output prefixed. */
function start(label, file, argv, extraEnv = {}) {
  const child = spawn(file, argv, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    readline.createInterface({ input: from }).on('line', (line) => to.write(`${label} | ${line}\n`));
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? `code ${code}`));
    child.on('error', (err) => resolve(err.message));
  });
  return { label, child, exited };
}
const gone = ({ child }) => child.exitCode !== null || child.signalCode !== null;

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

async function status(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 0;
  }
}
async function waitReady(what, url, timeoutMs, dead) {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (stopping) throw new Error('stopping');
    if (dead()) throw new Error(`${what} exited while starting`);
    if ((await status(url)) === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts haproxy once every instance is ready; false if the cluster is stopping instead. */
async function startBalancer() {
  try {
    await Promise.all(instances.map((i) => waitReady(i.label, `http://127.0.0.1:${i.port}${READINESS}`, 90_000, () => gone(i))));
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
    await waitReady('haproxy', `http://127.0.0.1:${port}${READINESS}`, 30_000, () => gone(balancer));
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
