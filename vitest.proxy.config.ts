import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/**
 * `favindex proxy` end to end: the built server (`npm run build` first, `npm test` does) on a
 * free port with a fresh PGlite folder, the built proxy started by the real MCP SDK client,
 * and the reference MCP servers from npm behind it. PGlite only: the proxy talks HTTP.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'proxy',
    include: ['test/proxy/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['test/cli/require-build.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
