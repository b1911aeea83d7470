import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';

/**
 * One run, one migrated PGlite: made and migrated once here, saved as a tarball, and each test
 * file's database starts from that (test/database.ts). Creating a PGlite database runs initdb,
 * some 3 s a file on this machine's cores; starting from the tarball takes about 0.5 s.
 */
export default async function setup(project: TestProject) {
  dropStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    // The PGlite under drizzle's database: Database offers no dump, which only the tests need.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: it loads faster than gzip, and the file lives for one run.
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteDump', file);

  return () => fs.rmSync(dir, { recursive: true, force: true });
}

const PREFIX = 'favindex-pglite-';

/** A run that crashed leaves its dump (some 40 MB): those older than a day go. */
function dropStale() {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), name);
    if (name.startsWith(PREFIX) && fs.statSync(dir).mtimeMs < dayAgo) fs.rmSync(dir, { recursive: true, force: true });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}
