// `npm start`: run the compiled server with plain node. Outside production: compile the server
// (a second or two, so it never runs stale code), build the web app if there is no build yet,
// and serve on the embedded database (created, migrated and seeded with demo data on first
// start), printing the demo logins. In production: run what `npm run build` made, no demo data.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const production = process.env.NODE_ENV === 'production';
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');

function build(workspace) {
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

if (production) {
  if (!fs.existsSync(serverEntry) || !fs.existsSync(webIndex)) {
    console.error('No build: run `npm run build` (with the development dependencies) before a production start.');
    process.exit(1);
  }
} else {
  build('@portal/server');
  if (!fs.existsSync(webIndex)) {
    console.log('No web build yet: building apps/web ...');
    build('@portal/web');
  }
}

const port = process.env.PORT ?? '8080';
if (!production) console.log(`
  资产托管客户服务网银 — demo logins (demo data only; who is who: README, "Demo logins"):
    demo      / Demo1234   customer, maker, seats in two enterprises
    checker   / Demo1234   customer, reviewer
    newuser   / Init1234   customer, must change the password at first login
    ztreview  / Demo1234   customer, reviewer (insurer)
    dfreview  / Demo1234   customer, reviewer (corporate)
    admin     / Admin1234  bank staff, API-gateway administration
    secadmin  / Admin1234  bank staff, second gateway administrator (待审批变更)
    qyadmin   / Demo1234   customer, enterprise administrator
    qyapprove / Demo1234   customer, second enterprise administrator (待审批变更)
    zhouyang  / Demo1234   customer, maker and reviewer
    sunli     / Init1234   customer, maker, must change the password at first login
    tpconfirm / Demo1234   third-party confirmer
    tpreview  / Demo1234   third-party confirm reviewer
    custcheck / Admin1234  bank staff, custodian instruction check and warning feeds
    custexec  / Admin1234  bank staff, custodian instruction execution
  Web app: http://127.0.0.1:${port}/zctgdzhwy/   API docs: http://127.0.0.1:${port}/pmobile/docs
`);

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry, ...(production ? [] : ['--seed'])], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  // The demo offers scan-code login (spec §1 ableScan).
  env: production ? process.env : { ...process.env, ABLE_SCAN: process.env.ABLE_SCAN ?? '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
