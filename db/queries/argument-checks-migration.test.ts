import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { queryRows } from '@/db/sql';
import { migrationsBefore } from '@/test/migrations-before';

const MIGRATION = '0018_events_failure_classes';
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it('gives projects made before argument checks existed the default, observe; a set mode stays', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const old = migrationsBefore(MIGRATION);
      folders.push(old);
      await database.migrate(old);
      const surface = { mode: 'favindex', target: 'openai', naming: 'safe', serverKey: 'favindex', agentTools: 0, instruction: 'x' };
      await queryRows(
        database.db,
        sql`insert into projects (id, surface) values
          ('old', ${JSON.stringify(surface)}::jsonb),
          ('set', ${JSON.stringify({ ...surface, argumentChecks: 'enforce' })}::jsonb)`,
      );
      await database.migrate();
      const rows = await queryRows<{ id: string; surface: Record<string, unknown> }>(database.db, sql`select id, surface from projects order by id`);
      const byId = Object.fromEntries(rows.map((r) => [r.id, r.surface]));
      expect(byId.old).toEqual({ ...surface, argumentChecks: 'observe' });
      expect(byId.set).toEqual({ ...surface, argumentChecks: 'enforce' });
    } finally {
      await database.close();
    }
  });
});
