import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_EVENTS, LIVE_EVENT_KINDS, isAuditEventCode } from '@portal/shared';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The database's tables (the keys of schema.ts's `DB`): `<table>.<column>` is a column reference. */
function tableNames(): Set<string> {
  const schema = fs.readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
  const db = schema.slice(schema.indexOf('export interface DB {'));
  return new Set([...db.slice(0, db.indexOf('\n}')).matchAll(/^ {2}([a-z_]+):/gm)].map(([, name]) => name!));
}

/**
 * Every dotted lowercase literal in the server's source ('user.update', 'gateway.api.add'), less
 * those that are no action: SQL column references ('u.user_id', 'excluded.path',
 * 'idempotent_requests.request_id'), header paths, file names (a pack's 'manifest.sig') and the live events' kinds.
 */
function dottedLiterals(): Map<string, string> {
  const found = new Map<string, string>();
  const tables = tableNames();
  // The kinds of pending administrative changes (`registerChangeKind({ kind: 'operator.add', … })`) name changes, not
  // actions; one that is also an action's code (account.rights) is still looked for.
  const changeKinds = new Set(sources(SRC).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\bkind: '([a-z_]+(?:\.[a-z_]+)+)'/g)].map(([, kind]) => kind!)));
  for (const file of sources(SRC)) {
    for (const [, literal] of fs.readFileSync(file, 'utf8').matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) {
      if (/^(?:[a-z]{1,2}|excluded|req)\./.test(literal!) || /\.(?:html|json|sock|sig|pem|der|txt)$/.test(literal!) || tables.has(literal!.split('.')[0]!)) continue;
      if ((LIVE_EVENT_KINDS as readonly string[]).includes(literal!) || (changeKinds.has(literal!) && !isAuditEventCode(literal!))) continue;
      found.set(literal!, path.relative(SRC, file));
    }
  }
  return found;
}

describe('the audit log’s action names', () => {
  it('names in Chinese every action code the server writes', () => {
    const written = dottedLiterals();
    // The scan finds the writers: at least the families below, each seen in its module.
    expect([...written.keys()]).toEqual(expect.arrayContaining(['user.update', 'account.rights', 'gateway.api.batch_update', 'cert.enroll', 'risk_notice.publish']));
    const unnamed = [...written].filter(([code]) => !isAuditEventCode(code)).map(([code, file]) => `${code} (${file})`);
    expect(unnamed).toEqual([]);
  });

  it('has a Chinese name for each code, and no name twice', () => {
    const names = Object.values(AUDIT_EVENTS);
    for (const name of names) expect(name).toMatch(/[\u4e00-\u9fa5]/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists no action the server no longer writes', () => {
    const written = new Set([...dottedLiterals().keys(), 'login', 'logout']);
    expect(Object.keys(AUDIT_EVENTS).filter((code) => !written.has(code))).toEqual([]);
  });
});
