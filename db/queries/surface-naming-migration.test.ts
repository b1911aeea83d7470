import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { queryRows } from '@/db/sql';

const DRIZZLE = path.join(import.meta.dirname, '..', '..', 'drizzle');
const MIGRATION = '0008_surface_naming_slash';

/** The migrations folder as it was before the naming migration. */
function before(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-naming-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(DRIZZLE, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === MIGRATION);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(DRIZZLE, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it('keeps the slash names of every project made before naming existed; a set naming or key stays', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const old = before();
      folders.push(old);
      await database.migrate(old);
      const surface = { mode: 'favindex', target: 'openai', agentTools: 0, instruction: 'x', limits: { maxToolsPerRequest: 120 } };
      await queryRows(
        database.db,
        sql`insert into projects (id, surface) values
          ('old', ${JSON.stringify(surface)}::jsonb),
          ('keyed', ${JSON.stringify({ ...surface, serverKey: 'work' })}::jsonb)`,
      );
      await database.migrate();
      const rows = await queryRows<{ id: string; surface: Record<string, unknown> }>(database.db, sql`select id, surface from projects order by id`);
      const byId = Object.fromEntries(rows.map((r) => [r.id, r.surface]));
      expect(byId.old).toEqual({ ...surface, naming: 'slash', serverKey: 'favindex' });
      expect(byId.keyed).toEqual({ ...surface, naming: 'slash', serverKey: 'work' });
    } finally {
      await database.close();
    }
  });
});
