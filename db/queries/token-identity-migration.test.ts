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

describe(`migrations ${MIGRATION} and 0028_token_names_unique (issue 46)`, () => {
  it('names each token a rule named by its name by its id, every live token of that name, and keeps the rest as written', () =>
    withDatabaseBefore(MIGRATION, async (database) => {
      const { db } = database;
      await db.execute(sql`insert into projects (id, surface, policy) values
        ('p', '{}'::jsonb, ${JSON.stringify(OLD_POLICY)}::jsonb), ('q', '{}'::jsonb, ${JSON.stringify(OLD_POLICY)}::jsonb)`);
      await db.execute(sql`insert into project_tokens (id, project_id, name, prefix, hash, scopes, created_at, revoked_at) values
        ('tok_ci1', 'p', 'ci', 'fvx_1', 'h1', '[]', '2026-11-01', null),
        ('tok_ci2', 'p', 'ci', 'fvx_2', 'h2', '[]', '2026-11-02', null),
        ('tok_ci3', 'p', 'ci', 'fvx_3', 'h3', '[]', '2026-11-03', null),
        ('tok_ci0', 'p', 'ci', 'fvx_0', 'h0', '[]', '2026-10-01', '2026-10-02'),
        ('tok_two', 'p', 'ci (2)', 'fvx_5', 'h5', '[]', '2026-11-04', null),
        ('tok_lap', 'p', 'laptop', 'fvx_6', 'h6', '[]', '2026-11-05', null),
        ('tok_old', 'p', 'old', 'fvx_7', 'h7', '[]', '2026-11-06', '2026-11-07'),
        ('tok_qci', 'q', 'ci', 'fvx_8', 'h8', '[]', '2026-11-08', '2026-11-09')`);

      await database.migrate();

      const rows = await queryRows<{ id: string; policy: typeof OLD_POLICY }>(db, sql`select id, policy from projects order by id`);
      const p = rows.find((r) => r.id === 'p')?.policy;
      expect(p?.rules.map((r) => r.identities ?? null)).toEqual([
        ['token:tok_ci1', 'token:tok_ci2', 'token:tok_ci3', 'client:cursor'],
        ['token:tok_lap', 'token:gone', 'token:old'],
        null,
      ]);
      expect(p?.rules[0]).toMatchObject({ effect: 'deny', tools: ['github/delete_*'] });
      // Another project's tokens are not its own, nor is a revoked token live: its names stay.
      expect(rows.find((r) => r.id === 'q')?.policy).toEqual(OLD_POLICY);

      // 0028: the first live 'ci' keeps its name, the later ones are told apart; revoked ones and secrets stay.
      const tokens = await queryRows<{ id: string; name: string; hash: string }>(db, sql`select id, name, hash from project_tokens order by id`);
      expect(tokens.map((t) => [t.id, t.name])).toEqual([
        ['tok_ci0', 'ci'],
        ['tok_ci1', 'ci'],
        ['tok_ci2', 'ci (tok_ci2)'],
        ['tok_ci3', 'ci (3)'],
        ['tok_lap', 'laptop'],
        ['tok_old', 'old'],
        ['tok_qci', 'ci'],
        ['tok_two', 'ci (2)'],
      ]);
      expect(tokens.find((t) => t.id === 'tok_ci2')?.hash).toBe('h2');
      // And the database now refuses a second live 'ci'.
      await expect(
        db.execute(sql`insert into project_tokens (id, project_id, name, prefix, hash, scopes) values ('tok_dup', 'p', 'ci', 'fvx_9', 'h9', '[]')`),
      ).rejects.toThrow();
    }));
});
