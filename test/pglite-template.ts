import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';
import { makeDataFolderApart } from '@/db/pglite-folder';

/**
 * A PGlite folder made and migrated once per run (vitest globalSetup), for the system tests to
 * copy: a fresh PGlite folder costs the built server its initdb at start (9 s on a quiet 2-core
 * machine, 25 s under load), a copy about a second. What the tests check never depends on the
 * folder being made by the server itself; test/fault/started-elsewhere.test.ts still starts
 * from nothing, so the server's own initdb and migrations stay covered end to end.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-pglite-template-'));
  const template = path.join(dir, 'data');
  // As the server makes its folder (server.ts), so the servers started on copies start as they would on it.
  await makeDataFolderApart(template, (m) => console.error(m));
  const database = await openDatabase({ dataDir: template });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** A copy of the run's migrated PGlite folder at `dataDir` (which must not exist yet), for a server to start on. */
export function copyPgliteTemplate(dataDir: string, template = inject('pgliteTemplate')): string {
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
