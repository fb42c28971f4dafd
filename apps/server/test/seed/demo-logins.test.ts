import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { USERS } from '../../src/seed/demo-data';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the demo logins a newcomer is given', () => {
  const seeded = USERS.map((u) => `${u.username}/${u.password}`).sort();

  it('the README table lists every seeded login with its password', () => {
    const rows = [...read('README.md').matchAll(/^\| `([a-z]+)` \| `([A-Za-z0-9]+)` \|/gm)].map((m) => `${m[1]}/${m[2]}`);
    expect(rows.sort()).toEqual(seeded);
  });

  it('the npm start banner lists the same logins', () => {
    const rows = [...read('scripts/start.mjs').matchAll(/^ {4}([a-z]+) +\/ ([A-Za-z0-9]+) /gm)].map((m) => `${m[1]}/${m[2]}`);
    expect(rows.sort()).toEqual(seeded);
  });
});

describe('the repository stands alone', () => {
  it('no tracked file reads or links the workspace beside the clone', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.endsWith('.png') && f !== 'package-lock.json');
    // Built from parts so that this file does not match itself.
    const outside = ['..', 'shared'].join('/');
    const offenders = files.filter((f) => read(f).includes(outside));
    expect(offenders).toEqual([]);
  });
});
