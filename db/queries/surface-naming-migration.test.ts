import { sql } from 'drizzle-orm';
import { withDatabaseBefore } from '@/test/migrations-before';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';

const MIGRATION = '0008_surface_naming_slash';

describe(`migration ${MIGRATION}`, () => {
  it('keeps the slash names of every project made before naming existed; a set naming or key stays', () =>
    withDatabaseBefore(MIGRATION, async (database) => {
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
      // 0018, run on after it, fills in argumentChecks the same way.
      expect(byId.old).toEqual({ ...surface, naming: 'slash', serverKey: 'favindex', argumentChecks: 'observe' });
      expect(byId.keyed).toEqual({ ...surface, naming: 'slash', serverKey: 'work', argumentChecks: 'observe' });
    }));
});
