import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { cliProject } from './vitest.cli.config';
import { faultProject } from './vitest.fault.config';
import { proxyProject } from './vitest.proxy.config';

/**
 * The fault, CLI and proxy system tests in one run (`npm test` runs this after the build): one
 * vitest start, one migrated PGlite template for every server to copy, and one built server
 * that the CLI and proxy files share; run apart, each suite made its own.
 *
 * The CLI and proxy files run two at a time: each makes projects of its own on the shared
 * server and spends most of its time waiting on the processes it starts (a server that sleeps
 * 20 s before it starts, a proxy's first list), so two cores serve two of them. The fault files
 * come after them, one at a time: a kill must land while the server is busy with that file's
 * clients, not another's.
 */
export default defineConfig({
  // For the globalSetup files, which run in the root project.
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      { ...cliProject, test: { ...cliProject.test, sequence: { groupOrder: 0 } } },
      { ...proxyProject, test: { ...proxyProject.test, sequence: { groupOrder: 0 } } },
      { ...faultProject, test: { ...faultProject.test, sequence: { groupOrder: 1 }, maxWorkers: 1, fileParallelism: false } },
    ],
    maxWorkers: 2,
    globalSetup: ['test/cli/require-build.ts', 'test/pglite-template.ts', 'test/shared-server.ts'],
  },
});
