import fs from 'node:fs';
import path from 'node:path';

/** The fault tests run the built server; say so plainly instead of failing obscurely. */
export default function requireBuild() {
  const root = path.resolve(import.meta.dirname, '..', '..');
  for (const file of ['dist/server.mjs', '.next/BUILD_ID']) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the fault tests (npm test does it in test:e2e)`);
    }
  }
}
