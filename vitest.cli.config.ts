import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/**
 * The `favindex` CLI end to end: the built server (`npm run build` first, `npm test` does),
 * one for every file (test/shared-server.ts) on a free port and a copy of the run's PGlite
 * template, and the built CLI run as a child process, as a user or script runs it. PGlite
 * only: the CLI talks HTTP, the API tests cover both databases. vitest.system.config.ts runs
 * them with the fault and proxy tests.
 */
export const cliProject = {
  resolve: { alias },
  test: {
    name: 'cli',
    include: ['test/cli/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  ...cliProject,
  test: {
    ...cliProject.test,
    fileParallelism: false,
    globalSetup: ['test/cli/require-build.ts', 'test/pglite-template.ts', 'test/shared-server.ts'],
  },
});
