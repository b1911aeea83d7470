import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ServerProcess } from '@/test/fault/server-process';
import { freePort } from '@/test/mcp-server';
import { copyPgliteTemplate } from '@/test/pglite-template';

/**
 * One built server for the CLI and proxy system tests (vitest globalSetup, after
 * test/pglite-template.ts): local mode on a copy of the run's PGlite template, no scheduled
 * catalog syncs, no warm-up. Each test file makes projects of its own on it (a project holds
 * its catalog, favourites, surface, tokens, events and proxies apart from every other), so one
 * server serves them all; before, each file started its own, 9 s or more each.
 *
 * The warm-up makes a restarted server's first second as fast as its steady state for the
 * proxies polling it; no test here measures that second, and it costs each start 4-5 s.
 */
export const SYSTEM_SERVER_ENV = { DATABASE_URL: '', FAVINDEX_CATALOG_SYNC: '0', FAVINDEX_WARM_UP: '0' };

export default async function setup(project: TestProject) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-system-server-'));
  const template = project.getProvidedContext().pgliteTemplate;
  if (!template) throw new Error('test/shared-server.ts needs test/pglite-template.ts as a globalSetup before it');
  const server = new ServerProcess({
    port: await freePort(),
    env: { ...SYSTEM_SERVER_ENV, FAVINDEX_DATA_DIR: copyPgliteTemplate(path.join(work, 'data'), template) },
  });
  await server.start();
  project.provide('favindexUrl', server.baseUrl);
  return async () => {
    if (server.pid) await server.stopCleanly();
    fs.rmSync(work, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the built server every CLI and proxy system test file shares. */
    favindexUrl: string;
  }
}
