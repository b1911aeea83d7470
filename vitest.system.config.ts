import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { cliProject } from './vitest.cli.config';
import { faultProject } from './vitest.fault.config';
import { proxyProject } from './vitest.proxy.config';

/**
 * The fault, CLI and proxy system tests in one run (`npm test` runs this after the build): one
 * vitest start, one migrated PGlite template for every server to copy, and one built server
 * that the CLI and proxy files share; run apart, each suite made its own. One file at a time:
 * they start processes by the dozen, and the fault tests' kills must land while the server is
 * busy with that file's clients.
 */
export default defineConfig({
  // For the globalSetup files, which run in the root project.
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    projects: [faultProject, cliProject, proxyProject],
    fileParallelism: false,
    globalSetup: ['test/cli/require-build.ts', 'test/pglite-template.ts', 'test/shared-server.ts'],
  },
});
