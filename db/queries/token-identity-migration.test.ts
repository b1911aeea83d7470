import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { withDatabaseBefore } from '@/test/migrations-before';

const MIGRATION = '0027_policy_token_ids';

/** A policy as a favindex before issue 46 saved it: tokens named by name. */
const OLD_POLICY = {
  default: 'allow',
  rules: [
    { effect: 'deny', identities: ['token:ci', 'client:cursor'], tools: ['github/delete_*'] },
    { effect: 'deny', identities: ['token:laptop', 'token:gone', 'token:old'], servers: ['docs'] },
    { effect: 'allow', tools: ['github/*'] },
  ],
};

describe(`migration ${MIGRATION} (issue 46)`, () => {
  it('names each token a rule named by its name by its id, every live token of that name, and keeps the rest as written', () =>
    withDatabaseBefore(MIGRATION, async (database) => {
      const { db } = database;
      await db.execute(sql`insert into projects (id, surface, policy) values
        ('p', '{}'::jsonb, ${JSON.stringify(OLD_POLICY)}::jsonb), ('q', '{}'::jsonb, ${JSON.stringify(OLD_POLICY)}::jsonb)`);
      await db.execute(sql`insert into project_tokens (id, project_id, name, prefix, hash, scopes, created_at, revoked_at) values
        ('tok_ci1', 'p', 'ci', 'fvx_1', 'h1', '[]', '2026-11-01', null),
        ('tok_ci2', 'p', 'ci', 'fvx_2', 'h2', '[]', '2026-11-02', null),
        ('tok_lap', 'p', 'laptop', 'fvx_3', 'h3', '[]', '2026-11-03', null),
        ('tok_old', 'p', 'old', 'fvx_4', 'h4', '[]', '2026-11-04', '2026-11-05')`);

      await database.migrate();

      const rows = await queryRows<{ id: string; policy: typeof OLD_POLICY }>(db, sql`select id, policy from projects order by id`);
      const p = rows.find((r) => r.id === 'p')?.policy;
      expect(p?.rules.map((r) => r.identities ?? null)).toEqual([
        ['token:tok_ci1', 'token:tok_ci2', 'client:cursor'],
        ['token:tok_lap', 'token:gone', 'token:old'],
        null,
      ]);
      expect(p?.rules[0]).toMatchObject({ effect: 'deny', tools: ['github/delete_*'] });
      // Another project's tokens are not its own: its names stay.
      expect(rows.find((r) => r.id === 'q')?.policy).toEqual(OLD_POLICY);
    }));
});
