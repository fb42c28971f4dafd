// `npm run build -w @portal/server`: compiles the server and the workspace packages it uses into
// plain JavaScript under dist/ (one ES module per entry: the server and each command), so that
// production runs `node dist/main.js` with no TypeScript loader. npm packages stay external and
// are loaded from node_modules as usual, except the pure-JavaScript ES module packages in BUNDLED:
// Node's loader resolves, reads and compiles each of their files at every start (kysely and zod
// are some 360 files, about a second of a restart on this machine's two cores).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
// fastify-type-provider-zod goes with zod: the schemas and the code that reads them share one zod.
const BUNDLED = new Set(['kysely', 'zod', 'fastify-type-provider-zod']);
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const commands = fs.readdirSync(path.join(dir, 'src/cli')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

await build({
  absWorkingDir: dir,
  entryPoints: { main: 'src/main.ts', ...Object.fromEntries(commands.map((f) => [`cli/${f.slice(0, -3)}`, `src/cli/${f}`])) },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Stack traces need the mappings, not the sources: with --enable-source-maps node keeps each
  // map it loads in memory, and the sources were most of them (some 3 MB of the heap).
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      // Bundle our own workspace packages (they ship TypeScript) and BUNDLED, keep every other npm package external.
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') || BUNDLED.has(packageOf(args.path)) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
