import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's layers (app.ts → modules/ → platform/ → plugins/ → db/, kv/): eslint.config.js
// keeps a module's files private to it and the lower folders free of modules; this file proves
// those rules fire, that no two server folders import each other, however indirectly, and that
// no two files do either.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/server/src');

describe('the import rules of eslint.config.js', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const refusals = async (code: string, file: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it("refuse a module's reach into another module's files", async () => {
    expect(await refusals("import { homeCounts } from '../accounts/accounts.queries';\nhomeCounts;\n", 'modules/notices/bad.ts')).toEqual([
      expect.stringContaining("A server module is reached only through its index.ts ('../<module>'), never its files."),
    ]);
    expect(await refusals("import { homeCounts } from '../../modules/accounts/accounts.queries';\nhomeCounts;\n", 'modules/notices/bad.ts')).toHaveLength(1);
    expect(await refusals("import { loginRoutes } from './modules/auth/login.routes';\nloginRoutes;\n", 'app.ts')).toHaveLength(1);
  });

  it('refuse any import of a module from platform/, plugins/, db/ and kv/', async () => {
    for (const file of ['platform/bad.ts', 'plugins/bad.ts', 'db/bad.ts', 'kv/bad.ts']) {
      expect(await refusals("import { PartnerTokens } from '../modules/partners';\nPartnerTokens;\n", file)).toEqual([
        expect.stringContaining('platform/, plugins/, db/ and kv/ must not import a feature module (modules/).'),
      ]);
    }
    expect(await refusals("import { recordAudit } from '../platform/audit';\nrecordAudit;\n", 'plugins/bad.ts')).toEqual([
      expect.stringContaining('plugins/, db/ and kv/ sit below platform/: they must not import it.'),
    ]);
  });

  it("let a module use another's index, its own files and the layers below", async () => {
    const code = [
      "import { auditLogRoutes } from '../audit';",
      "import { insertLogin } from '../users/index';",
      "import { recordAudit } from '../../platform/audit';",
      "import { AppError } from '../../plugins/errors';",
      "import { homeCounts } from './notices.queries';",
      'export const used = [auditLogRoutes, insertLogin, recordAudit, AppError, homeCounts];',
      '',
    ].join('\n');
    expect(await refusals(code, 'modules/notices/good.ts')).toEqual([]);
    expect(await refusals("import { AppError } from '../plugins/errors';\nAppError;\n", 'platform/good.ts')).toEqual([]);
  });
});

/** Every TypeScript file under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The unit a file belongs to: `modules/<name>` for a module's files, the top folder (`platform`,
 * `plugins`, `db`, …) otherwise; a file directly in src/ is a unit of its own, since app.ts
 * imports everything and app-context.ts is imported by everything.
 */
function unitOf(file: string): string {
  const parts = path.relative(src, file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]!.replace(/\.ts$/, '')}`;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.ts$/, '');
}

const RELATIVE_IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.[^']*)'/g;

/** Unit → the units its files import (relative imports only: packages are no server folder). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const from = unitOf(file);
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = unitOf(path.resolve(path.dirname(file), spec!));
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The file a relative import names: the path itself, with `.ts`, or its folder's index.ts. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/** File → the files it imports (relative to src/), type-only imports included. */
function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const targets = [...fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].map(([, spec]) => resolveImport(file, spec!));
    graph.set(path.relative(src, file), new Set(targets.filter((t) => t !== undefined).map((t) => path.relative(src, t))));
  }
  return graph;
}

/** One cycle of the graph as its path (first unit repeated at the end), or null when acyclic. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (unit: string): string[] | null => {
    const at = stack.indexOf(unit);
    if (at >= 0) return [...stack.slice(at), unit];
    if (done.has(unit)) return null;
    stack.push(unit);
    for (const next of graph.get(unit) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    done.add(unit);
    return null;
  };
  for (const unit of graph.keys()) {
    const cycle = visit(unit);
    if (cycle) return cycle;
  }
  return null;
}

describe('the server folders', () => {
  it('import one another without a cycle', () => {
    const graph = folderGraph();
    expect(graph.get('modules/users')).toContain('platform');
    expect(findCycle(graph)?.join(' → ') ?? null).toBeNull();
  });

  it('have files that import one another without a cycle', () => {
    const graph = fileGraph();
    expect(graph.get('modules/users/users.routes.ts')).toContain('modules/users/scope.ts');
    expect(graph.get('app.ts')).toContain('modules/users/index.ts');
    expect(findCycle(graph)?.join(' → ') ?? null).toBeNull();
  });

  it('find a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('give every module an index.ts', () => {
    const modules = fs.readdirSync(path.join(src, 'modules'));
    expect(modules.filter((m) => !fs.existsSync(path.join(src, 'modules', m, 'index.ts')))).toEqual([]);
  });
});
