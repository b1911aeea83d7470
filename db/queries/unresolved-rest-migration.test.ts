import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { UNRESOLVED_NAMES_PER_DAY } from '@/lib/limits';
import { withDatabaseBefore } from '@/test/migrations-before';

const MIGRATION = '0016_unresolved_rest';

describe(`migration ${MIGRATION}`, () => {
  it('keeps the most called names of a stored day past the bound, folds the others into its rest, and the totals stay', () =>
    withDatabaseBefore(MIGRATION, async (database) => {
      const { db } = database;
      // 2026-11-20: the bound and 5 more names (n_0000 called most); 2026-11-21: two names.
      await db.execute(sql`
        insert into usage_daily (project_id, day, kind, tool, namespace, calls, errors, last_used, last_ok_used)
        select 'p', '2026-11-20'::date, 'unresolved', 'n_' || lpad(g::text, 4, '0'), case when g % 2 = 0 then 'bare' else 'canonical' end,
               ${UNRESOLVED_NAMES_PER_DAY}::int + 10 - g, 1, '2026-11-20T10:00:00Z'::timestamptz, '2026-11-20T09:00:00Z'::timestamptz
        from generate_series(0, ${UNRESOLVED_NAMES_PER_DAY + 4}::int) g
        union all
        select 'p', '2026-11-21', 'unresolved', t, 'bare', 2, 0, '2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z' from unnest(array['a', 'b']) t
        union all
        select 'p', '2026-11-20', 'tool', 'github/create_issue', 'bare', 7, 0, '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'`);
      const sums = sql`select day::text as day, kind, namespace, sum(calls)::int as calls, sum(errors)::int as errors
                       from usage_daily group by 1, 2, 3 order by 1, 2, 3`;
      const before = await queryRows(db, sums);

      await database.migrate();

      expect(await queryRows(db, sums)).toEqual(before);
      const own = await queryRows<{ day: string; names: number; least: string }>(
        db,
        sql`select day::text as day, count(*)::int as names, min(tool) filter (where tool <> '') as least from usage_daily
            where kind = 'unresolved' and tool <> '' group by day order by day`,
      );
      expect(own).toEqual([
        { day: '2026-11-20', names: UNRESOLVED_NAMES_PER_DAY, least: 'n_0000' },
        { day: '2026-11-21', names: 2, least: 'a' },
      ]);
      // The five least called names, n_1000 … n_1004 (10 … 6 calls, one error each), one row per namespace.
      expect(await queryRows(db, sql`select day::text as day, namespace, calls, errors from usage_daily where tool = '' order by namespace`)).toEqual([
        { day: '2026-11-20', namespace: 'bare', calls: 10 + 8 + 6, errors: 3 },
        { day: '2026-11-20', namespace: 'canonical', calls: 9 + 7, errors: 2 },
      ]);
      expect(await queryRows(db, sql`select day::text as day, names from usage_unresolved_days order by day`)).toEqual([
        { day: '2026-11-20', names: UNRESOLVED_NAMES_PER_DAY + 5 },
        { day: '2026-11-21', names: 2 },
      ]);
    }));
});
