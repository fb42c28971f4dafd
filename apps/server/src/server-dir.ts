import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (where package.json and migrations/ are), found by walking up from
 * this module, so the same code works from src/ under a TypeScript loader and from the compiled
 * dist/ bundle with plain node.
 */
function packageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_DIR = packageDir(import.meta.dirname);
