// `npm run build -w @portal/server`: compiles the server and the workspace packages it uses into
// plain JavaScript under dist/ (one ES module per entry: the server and each command), so that
// production runs `node dist/main.js` with no TypeScript loader. npm packages stay external and
// are loaded from node_modules as usual.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
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
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      // Bundle our own workspace packages (they ship TypeScript), keep every npm package external.
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
