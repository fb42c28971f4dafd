import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// eslint.config.js keeps each feature to itself, at whatever depth its folders nest, and keeps
// the HTTP client out of components; this file proves those rules fire and let the rest pass.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/web/src');

describe('the web import rules of eslint.config.js', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const refusals = async (code: string, file: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
    return result!.messages.filter((m) => m.ruleId === 'web/feature-isolation' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it('refuse an import of another feature from any depth', async () => {
    const cases: [file: string, from: string][] = [
      ['features/instructions/bad.ts', '../session/api/update-profile'],
      ['features/instructions/entry/bad.tsx', '../../session/api/update-profile'],
      ['features/auth/login/deep/bad.tsx', '../../../session'],
      ['features/instructions/entry/bad.ts', '../../../features/session/personal-center-page'],
    ];
    for (const [file, from] of cases) {
      expect(await refusals(`import { x } from '${from}';\nexport const y = x;\n`, file), file).toEqual(['A feature must not import another feature (session).']);
    }
    expect(await refusals("export { x } from '../../session/api/update-profile';\n", 'features/auth/login/bad.ts')).toHaveLength(1);
    expect(await refusals("export const load = () => import('../../session/personal-center-page');\n", 'features/auth/login/bad.ts')).toHaveLength(1);
  });

  it("let a feature's files reach one another at any depth, and the rings below", async () => {
    const code = (...from: string[]) => [...from.map((f, i) => `import { x${i} } from '${f}';`), `export const all = [${from.map((_, i) => `x${i}`).join(', ')}];`, ''].join('\n');
    expect(await refusals(code('../common/instruction-columns', '../api/instructions', './use-instruction-save', '../../../components/data-table'), 'features/instructions/entry/good.tsx')).toEqual([]);
    expect(await refusals(code('../../api/login', '../../../../lib/session', '../../../../config/paths'), 'features/auth/login/deep/good.ts')).toEqual([]);
    expect(await refusals(code('../../features/auth', '../../features/session/personal-center-page'), 'app/layout/good.tsx')).toEqual([]);
  });

  it('refuse the HTTP client in a component, not in an api file', async () => {
    expect(await refusals("import { http } from '../../../lib/http';\nexport const y = http;\n", 'features/auth/login/bad.tsx')).toEqual([
      expect.stringContaining('Call the server from an api file (features/<f>/api/ or lib/), not from a component.'),
    ]);
    expect(await refusals("import { http } from '../../../lib/http';\nexport const y = http;\n", 'features/auth/api/good.ts')).toEqual([]);
  });
});
