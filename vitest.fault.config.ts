import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/**
 * Fault tests (§events, §storage, §auth): they start the built server (`npm run build` first,
 * `npm test` does) on free ports, kill it, and check the database afterwards, on PGlite (a copy
 * of the run's migrated template, test/pglite-template.ts) and, with DATABASE_URL, on
 * PostgreSQL. One file at a time: a kill must land while the server is busy with that file's
 * clients, not another's, on 2 CPUs. vitest.system.config.ts runs them with the CLI and proxy
 * tests.
 */
export const faultProject = {
  resolve: { alias },
  test: {
    name: 'fault',
    include: ['test/fault/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
};

export default defineConfig({
  ...faultProject,
  test: { ...faultProject.test, fileParallelism: false, globalSetup: ['test/fault/require-build.ts', 'test/pglite-template.ts'] },
});
