// The server the browser tests run against: the real one, on a database of its own in a fresh
// temporary directory that goes when the server does, so no run ever starts on an earlier
// run's data (a reused process id once could).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js', '--seed'], {
  cwd: path.resolve(import.meta.dirname, '../apps/server'),
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  // Playwright shows the server's stderr only: say why it ended, or a crash mid-run is silent.
  if (code !== 0) console.error(`e2e server: ended by ${signal ?? `exit code ${code}`}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
