import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/**
 * Fault tests (§events, §storage, §auth): they start the built server (`npm run build` first,
 * `npm test` does) on ports 3335–3336, kill it, and check the database afterwards, on PGlite
 * and, with DATABASE_URL, on PostgreSQL. One file at a time: they share the ports and 2 CPUs.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'fault',
    include: ['test/fault/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['test/fault/require-build.ts'],
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
