import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { describe, expect, it } from 'vitest';
import { events, favouriteIndexes, projectProxies, projects, projectTokens } from './schema';
import { tablesWritten } from './statement-writes';

// Only builds SQL text: nothing connects.
const db = drizzle.mock({ schema: { events, favouriteIndexes, projectProxies, projects, projectTokens } });
const written = (text: string) => {
  const tables = tablesWritten(text);
  return tables && [...tables].sort();
};

describe('the tables a statement writes', () => {
  it("reads drizzle's statements: reads write nothing, writes name their table", () => {
    expect(written(db.select().from(projects).innerJoin(favouriteIndexes, eq(favouriteIndexes.projectId, projects.id)).toSQL().sql)).toEqual([]);
    expect(written(db.select().from(projects).for('update').toSQL().sql)).toEqual([]);
    expect(written(db.select().from(projects).for('no key update').toSQL().sql)).toEqual([]);
    expect(
      written(
        db
          .insert(events)
          .values({ projectId: 'p', eventId: 'e', ts: new Date(), tool: 't' } as never)
          .toSQL().sql,
      ),
    ).toEqual(['events']);
    expect(written(db.update(projects).set({ description: 'd' }).where(eq(projects.id, 'p')).toSQL().sql)).toEqual(['projects']);
    expect(written(db.delete(projectTokens).where(eq(projectTokens.id, 't')).toSQL().sql)).toEqual(['project_tokens']);
    const upsert = db
      .insert(projectProxies)
      .values({ projectId: 'p', id: 'x', report: {} as never })
      .onConflictDoUpdate({ target: [projectProxies.projectId, projectProxies.id], set: { lastSeenAt: new Date() } });
    expect(written(upsert.toSQL().sql)).toEqual(['project_proxies']);
  });

  it("reads the project's own SQL: a CTE's writes, comments, strings and quoted names", () => {
    expect(
      written(`with bumped as (
        update projects set surface_revision = surface_revision + 1 where id = $1 returning surface_revision
      ) insert into surface_revisions (project_id, revision) select $1, surface_revision from bumped returning revision`),
    ).toEqual(['projects', 'surface_revisions']);
    expect(written(`WITH x AS (DELETE FROM ONLY "public"."Favourite_Indexes" RETURNING 1) SELECT * FROM x`)).toEqual(['Favourite_Indexes']);
    // What only looks like a write: in a comment, a string, a dollar-quoted string, a quoted name.
    expect(
      written(
        `select 'update projects set x = 1' as "delete", $tag$insert into projects$tag$ -- update projects\n from usage_daily /* delete from projects */`,
      ),
    ).toEqual([]);
    expect(written(`select E'it\\'s; update projects set a = 1' from events`)).toEqual([]);
    expect(written(`insert into usage_daily_tools (a) values ($1) on conflict (a) do update set n = usage_daily_tools.n + excluded.n`)).toEqual([
      'usage_daily_tools',
    ]);
    expect(
      written(`merge into project_tokens t using x on t.id = x.id when matched then update set name = x.name when not matched then insert (id) values (x.id)`),
    ).toEqual(['project_tokens']);
    expect(written(`truncate table events, only "usage_daily" restart identity`)).toEqual(['events', 'usage_daily']);
    expect(written(`set transaction isolation level repeatable read; select 1`)).toEqual([]);
  });

  it('cannot tell, and says so, for any other kind of statement or a target it cannot name', () => {
    for (const text of [
      'create table t (a int)',
      'alter table projects add column x int',
      'drop table events',
      'do $$ begin update projects set policy = null; end $$',
      'copy projects from stdin',
      'call refresh()',
      'select * into new_projects from projects',
      'select 1; create index i on events (ts)',
      '"select" 1',
      'insert into (select 1) values (1)',
    ]) {
      expect(tablesWritten(text), text).toBeNull();
    }
  });
});
