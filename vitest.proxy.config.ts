import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/**
 * `favindex proxy` end to end: the built server (`npm run build` first, `npm test` does), one
 * for every file (test/shared-server.ts) on a free port and a copy of the run's PGlite
 * template, the built proxy started by the real MCP SDK client, and the reference MCP servers
 * from npm behind it. PGlite only: the proxy talks HTTP. vitest.system.config.ts runs them with
 * the fault and CLI tests.
 */
export const proxyProject = {
  resolve: { alias },
  test: {
    name: 'proxy',
    include: ['test/proxy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  ...proxyProject,
  test: {
    ...proxyProject.test,
    fileParallelism: false,
    globalSetup: ['test/cli/require-build.ts', 'test/pglite-template.ts', 'test/shared-server.ts'],
  },
});
