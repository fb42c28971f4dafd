import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = path.join(import.meta.dirname, 'apps/web/src/features');

/** The feature a path lies in (the folder under src/features/), or null outside them. */
function webFeatureOf(file) {
  const relative = path.relative(WEB_FEATURES, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
}

/**
 * One-way imports: a feature never imports another feature (STYLE.md). Each relative import is
 * resolved against the importing file, so a feature's folders may nest to any depth and still
 * reach one another, while a path into another feature is refused from anywhere (dynamic
 * import() and export … from included). apps/web/src/import-rules.test.ts proves it fires.
 */
const featureIsolation = {
  meta: { type: 'problem', schema: [], messages: { otherFeature: 'A feature must not import another feature ({{target}}).' } },
  create(context) {
    const own = webFeatureOf(context.filename);
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = webFeatureOf(path.resolve(path.dirname(context.filename), source.value));
      if (target && target !== own) context.report({ node: source, messageId: 'otherFeature', data: { target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-plugin/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // A function longer than a screenful hides its seams: split it (hooks, sub-components, one
  // function per step). Seeds are data tables and tests read as scripts, so they are exempt.
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/seed/**', '**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  // public/ holds scripts the page loads as they are (login-gate.js): browser scripts too.
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Feature code talks HTTP only through the one client in src/lib (ARCHITECTURE §6).
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the HTTP client in src/lib/http.' }],
    },
  },
  { files: ['apps/web/src/lib/http/transport.ts'], rules: { 'no-restricted-globals': 'off' } },
  // Spec §9: every auto-closing message counts down, so messages go through one hook.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/countdown-message.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "VariableDeclarator[init.callee.object.name='App'][init.callee.property.name='useApp'] Property[key.name='message']",
          message: 'Show messages with useMessage() from src/lib/countdown-message: it counts them down.',
        },
        { selector: "ImportSpecifier[imported.name='message']", message: 'Show messages with useMessage() from src/lib/countdown-message.' },
      ],
    },
  },
  { files: ['apps/web/src/features/**/*.{ts,tsx}'], plugins: { web: { rules: { 'feature-isolation': featureIsolation } } }, rules: { 'web/feature-isolation': 'error' } },
  // Components call the server only through an api file (features/<f>/api/, or lib/ for the shell): no .tsx imports the HTTP client.
  {
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)lib/http(/|$)', message: 'Call the server from an api file (features/<f>/api/ or lib/), not from a component.' }] },
      ],
    },
  },
  // Server layers: app.ts → modules/ (features) → platform/ (what every feature needs) →
  // plugins/ (HTTP plumbing) → db/, kv/ (stores). A module reaches another only through its
  // index.ts, and nothing below the modules imports one; apps/server/test/boundaries.test.ts
  // proves these fire and keeps the folder graph acyclic.
  ...[
    { files: ['apps/server/src/*.ts'], patterns: [] },
    { files: ['apps/server/src/modules/*/*.ts'], patterns: ['^\\.\\./[^./][^/]*/(?!index$)'] },
    { files: ['apps/server/src/modules/*/*/**/*.ts'], patterns: ['^\\.\\./\\.\\./[^./][^/]*/(?!index$)'] },
  ].map(({ files, patterns }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...patterns, '(^|/)modules/[^/]+/(?!index$)'].map((regex) => ({
            regex,
            message: "A server module is reached only through its index.ts ('../<module>'), never its files.",
          })),
        },
      ],
    },
  })),
  ...[
    { files: ['apps/server/src/platform/**/*.ts'], below: [] },
    { files: ['apps/server/src/{plugins,db,kv}/**/*.ts'], below: [{ regex: '(^|/)platform(/|$)', message: 'plugins/, db/ and kv/ sit below platform/: they must not import it.' }] },
  ].map(({ files, below }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules(/|$)', message: 'platform/, plugins/, db/ and kv/ must not import a feature module (modules/).' }, ...below] },
      ],
    },
  })),
);
