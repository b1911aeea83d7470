import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { makeDataFolderApart } from './pglite-folder';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-folder-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// The embedded database's own: once per run, in the PGlite project.
describe.skipIf(process.env.FAVINDEX_TEST_DB !== 'pglite')('the embedded database folder', () => {
  it('is made in a child process, opens here with the embedded settings, and a folder already there is left as it is', async () => {
    const dir = path.join(root, 'nested', 'data');
    const logs: string[] = [];
    await makeDataFolderApart(dir, (m) => logs.push(m));
    expect(logs).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);

    const database = await openDatabase({ dataDir: dir });
    try {
      await database.db.execute(sql`create table kept (note text)`);
      const rows = await database.db.execute(sql`select current_setting('shared_buffers') as buffers`);
      expect(rows).toMatchObject({ rows: [{ buffers: '16MB' }] });
    } finally {
      await database.close();
    }
    await makeDataFolderApart(dir, (m) => logs.push(m));
    const again = await openDatabase({ dataDir: dir });
    try {
      expect(await again.db.execute(sql`select count(*)::int as n from kept`)).toMatchObject({ rows: [{ n: 0 }] });
    } finally {
      await again.close();
    }
  }, 60_000);
});
