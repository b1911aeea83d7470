import fs from 'node:fs';
import path from 'node:path';
import requireServerBuild from '../fault/require-build';

/** The CLI tests run the built server and the built CLI (dist/cli.mjs, through bin/favindex.mjs). */
export default function requireBuild() {
  requireServerBuild();
  const cli = path.resolve(import.meta.dirname, '..', '..', 'dist', 'cli.mjs');
  if (!fs.existsSync(cli)) throw new Error('dist/cli.mjs is missing: run `npm run build` before the CLI tests (npm test does it in test:e2e)');
}
