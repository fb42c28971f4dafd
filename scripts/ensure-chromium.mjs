// Browser tests and benchmarks need Debian's Chromium. Install it when we can (root, apt),
// otherwise fail loudly: a browser suite is never skipped silently.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  let hasApt;
  try {
    execFileSync('which', ['apt-get'], { stdio: 'ignore' });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (!isRoot || !hasApt) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium fonts-noto-cjk`);
    process.exit(1);
  }
  console.log('Installing Chromium (apt-get install chromium fonts-noto-cjk)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
}
