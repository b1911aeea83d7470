import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { withDatabaseBefore } from '@/test/migrations-before';

const MIGRATION = '0018_events_failure_classes';

describe(`migration ${MIGRATION}`, () => {
  it('gives projects made before argument checks existed the default, observe; a set mode stays', () =>
    withDatabaseBefore(MIGRATION, async (database) => {
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
    }));
});
