import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/**
 * The `favindex` CLI end to end: the built server (`npm run build` first, `npm test` does) on
 * port 3351 with a fresh PGlite folder, and the built CLI run as a child process, as a user or
 * script runs it. PGlite only: the CLI talks HTTP, the API tests cover both databases.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'cli',
    include: ['test/cli/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['test/cli/require-build.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
