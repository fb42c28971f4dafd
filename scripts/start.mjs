// `npm start`: build the web app if there is no build yet, then run the server on the embedded
// database (created, migrated and seeded with demo data on first start) and print the logins.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web/dist/index.html');

if (!fs.existsSync(web)) {
  console.log('No web build yet: building apps/web ...');
  const built = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const port = process.env.PORT ?? '8080';
console.log(`
  资产托管客户服务网银 — demo logins (demo data only; who is who: README, "Demo logins"):
    demo      / Demo1234   customer, maker, seats in two enterprises
    checker   / Demo1234   customer, reviewer
    newuser   / Init1234   customer, must change the password at first login
    ztreview  / Demo1234   customer, reviewer (insurer)
    admin     / Admin1234  bank staff, API-gateway administration
    qyadmin   / Demo1234   customer, enterprise administrator
    zhouyang  / Demo1234   customer, maker and reviewer
    sunli     / Init1234   customer, maker, must change the password at first login
    tpconfirm / Demo1234   third-party confirmer
    tpreview  / Demo1234   third-party confirm reviewer
    custcheck / Admin1234  bank staff, custodian instruction check and warning feeds
    custexec  / Admin1234  bank staff, custodian instruction execution
  Web app: http://127.0.0.1:${port}/zctgdzhwy/   API docs: http://127.0.0.1:${port}/pmobile/docs
`);

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--seed'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  // The demo offers scan-code login (spec §1 ableScan).
  env: { ...process.env, ABLE_SCAN: process.env.ABLE_SCAN ?? '1', DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
