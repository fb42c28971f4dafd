// The parts of the deployment on one machine that `npm run cluster` (scripts/cluster.mjs) and the
// scale suite (`npm run test:scale`, bench/scale/) share: the build check, the server's commands
// (keys, migrations, seed), deploy/haproxy.cfg with this machine's bind and server lines, children
// in process groups of their own with prefixed output, and readiness polling.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const HAPROXY = '/usr/sbin/haproxy';
export const TEMPLATE = path.join(ROOT, 'deploy/haproxy.cfg');
// The command of deploy/portal.service and deploy/Dockerfile, from the repository's root.
export const SERVER = ['--enable-source-maps', 'apps/server/dist/main.js'];
// What deploy/haproxy.cfg checks (API_BASE /pmobile).
export const READINESS = '/pmobile/monitor/system/readiness';

/** Builds the server (and the web app unless `web` is false or WEB_DIST is set) where there is no build; `log` says so. */
export function ensureBuilt(log, { web = true } = {}) {
  const build = (workspace) => {
    const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (built.status !== 0) throw new Error(`npm run build -w ${workspace} failed`);
  };
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
    log('no server build yet: building apps/server ...');
    build('@portal/server');
  }
  if (web && !process.env.WEB_DIST && !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    log('no web build yet: building apps/web ...');
    build('@portal/web');
  }
}

/** One of the server's commands (apps/server/src/cli), as `npm run <command> -w @portal/server` runs it. */
export function serverCommand(name, env, stdio = 'inherit') {
  const run = spawnSync(process.execPath, ['--enable-source-maps', `apps/server/dist/cli/${name}.js`], { cwd: ROOT, stdio, env });
  if (run.status !== 0) throw new Error(`${name} failed${run.stderr ? `: ${run.stderr}` : ''}`);
}

/**
 * What the instances need before they start, on the stores of `env`: the server keys in
 * CRYPTO_KEYS_DIR (production never generates them itself; every instance reads the same ones),
 * the migrations (once: each instance would also take the migration lock) and, with `seed`, the
 * demo data. The seed refuses NODE_ENV=production (a bank's database must never get the demo
 * logins), so it runs as `npm run db:seed` does; it adds what is missing and changes nothing.
 */
export function prepareStores(env, { seed = false, log = () => {}, stdio = 'inherit' } = {}) {
  const keysDir = env.CRYPTO_KEYS_DIR;
  const keyPrefix = `${(env.CRYPTO_ASYMMETRIC ?? 'SM2').toLowerCase()}-`;
  if (!fs.existsSync(keysDir) || !fs.readdirSync(keysDir).some((f) => f.startsWith(keyPrefix) && f.endsWith('.json'))) serverCommand('generate-key', env, stdio);
  if (!fs.existsSync(path.join(keysDir, 'ca-root.json'))) serverCommand('generate-ca', env, stdio);
  serverCommand('migrate', env, stdio);
  if (seed) {
    log("loading the demo data (never on a bank's database)");
    serverCommand('seed', { ...env, NODE_ENV: 'development' }, stdio);
  }
}

/**
 * deploy/haproxy.cfg for this machine: the frontend's `bind` line and the backend's `server`
 * lines replaced, every other line as the file has it.
 */
export function haproxyConfig(template, bind, servers, madeBy = 'scripts/cluster.mjs') {
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
  return [`# Made by ${madeBy} from deploy/haproxy.cfg.`, ...lines].join('\n');
}

/**
 * A child in its own process group (Ctrl-C reaches the parent only, which stops its children in
 * order), each line of its output handed to `out` (or `err`) with its label.
 */
export function startChild(label, file, argv, env, { out = (l) => process.stdout.write(`${l}\n`), err = (l) => process.stderr.write(`${l}\n`) } = {}) {
  const child = spawn(file, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const [from, to] of [[child.stdout, out], [child.stderr, err]]) {
    readline.createInterface({ input: from }).on('line', (line) => to(`${label} | ${line}`));
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? `code ${code}`));
    child.on('error', (e) => resolve(e.message));
  });
  return { label, child, exited };
}

export const gone = ({ child }) => child.exitCode !== null || child.signalCode !== null;

/** The HTTP status of a GET, 0 when nothing answers within 2 s. */
export async function httpStatus(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 0;
  }
}

/** Polls `url` until it answers 200; throws when `dead()` (or `stopping()`) turns true or after `timeoutMs`. */
export async function waitReady(what, url, timeoutMs, dead, stopping = () => false) {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (stopping()) throw new Error('stopping');
    if (dead()) throw new Error(`${what} exited while starting`);
    if ((await httpStatus(url)) === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
