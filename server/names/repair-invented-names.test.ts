import { sql } from 'drizzle-orm';
import { withDatabaseBefore } from '@/test/migrations-before';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { recountImpactRollups } from '@/db/queries/impact/recount';
import { insertEventRows } from '@/db/queries/ingest';
import { queryRows } from '@/db/sql';
import type { EventRow } from '@/lib/events/to-row';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { createProjectSchema } from '@/lib/schemas/projects';
import { createProject } from '@/server/projects/projects';
import { reresolvePending } from './reresolve-pending';

const MIGRATION = '0015_repair_invented_names';
const DAY = '2026-11-20';
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

/** A call as the code before the fix stored it. */
function stored(eventId: string, minute: number, call: Partial<EventRow> & Pick<EventRow, 'rawName' | 'kind' | 'tool' | 'namespace'>): EventRow {
  return {
    eventId,
    ts: `${DAY}T10:${String(minute).padStart(2, '0')}:00.000Z`,
    serverHint: null,
    toolHint: null,
    canonicalHint: null,
    reason: null,
    sessionId: 's1',
    status: 'ok',
    errorCode: null,
    durationMs: null,
    model: null,
    client: null,
    token: null,
    surfaceRevision: 1,
    mode: 'favindex',
    protocolVersion: null,
    offCatalog: false,
    failureClasses: ['ok'],
    argumentProblems: null,
    ...call,
  };
}

const EVENTS: EventRow[] = [
  // The first contact of issue 19: a server named by the event whose catalog had not arrived.
  stored('e1', 0, { rawName: 'all_everything_echo', kind: 'tool', tool: 'everything/all_everything_echo', namespace: 'bare', serverHint: 'everything' }),
  stored('e2', 1, {
    rawName: 'all_everything_echo',
    kind: 'tool',
    tool: 'everything/all_everything_echo',
    namespace: 'bare',
    serverHint: 'everything',
    status: 'error',
  }),
  // A known server, a tool it never listed.
  stored('e3', 2, { rawName: 'github/delete_repo', kind: 'tool', tool: 'github/delete_repo', namespace: 'canonical', sessionId: 's2' }),
  stored('e4', 3, {
    rawName: 'mcp_invoke_tool',
    kind: 'tool',
    tool: 'jira/create_ticket',
    namespace: 'invoke',
    serverHint: 'jira',
    toolHint: 'create_ticket',
    offCatalog: true,
  }),
  // Real tools: listed now, or by an earlier version only. They stay as they are.
  stored('e5', 5, { rawName: 'create_issue', kind: 'tool', tool: 'github/create_issue', namespace: 'bare' }),
  stored('e6', 6, { rawName: 'github/close_issue', kind: 'tool', tool: 'github/close_issue', namespace: 'canonical', sessionId: 's2' }),
  stored('e7', 7, { rawName: 'mcp_find_tools', kind: 'meta', tool: 'mcp_find_tools', namespace: 'meta' }),
];

interface Snapshot {
  daily: unknown[];
  namespaces: unknown[];
  tools: unknown[];
  toolSessions: unknown[];
  segments: unknown[];
  sessions: unknown[];
}

async function rollups(database: Database, projectId: string): Promise<Snapshot> {
  const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  return {
    daily: await q(sql`select kind, tool, namespace, calls, errors from usage_daily where project_id = ${projectId} order by kind, tool, namespace`),
    namespaces: await q(sql`select kind, namespace, calls, errors from usage_daily_namespaces where project_id = ${projectId} order by kind, namespace`),
    tools: await q(sql`select tool, calls, errors, sessions, sessions_ok from usage_daily_tools where project_id = ${projectId} order by tool`),
    toolSessions: await q(sql`select tool, session_id, ok from usage_tool_sessions where project_id = ${projectId} order by tool, session_id`),
    segments: await q(sql`select calls, errors, favourite_calls, meta_calls, off_catalog_calls, unresolved_calls, sessions
                          from usage_daily_segments where project_id = ${projectId}`),
    sessions: await q(sql`select session_id, calls, errors, to_char(first_success_at at time zone 'UTC', 'HH24:MI') as first_success,
                                 array(select to_char(u at time zone 'UTC', 'HH24:MI') from unnest(before_success) u order by u) as before_success
                          from usage_sessions where project_id = ${projectId} order by session_id`),
  };
}

/** The impact rollups recounted from the raw events: what the repaired ones must equal. */
async function impactRecounted(database: Database, projectId: string): Promise<Snapshot> {
  const kept = await rollups(database, projectId);
  await recountImpactRollups(database.db, projectId);
  const recounted = await rollups(database, projectId);
  return { ...kept, segments: recounted.segments, sessions: recounted.sessions };
}

describe(`migration ${MIGRATION}`, () => {
  it('makes the calls stored under made-up names unresolved, fixes every rollup, and the start resolves those it now can', async () => {
    await withDatabaseBefore(MIGRATION, async (database) => {
      const { db } = database;
      const id = 'repair';
      // Today's revisions name the catalog version a catalog change brought in, in a column 0020 adds: lend it.
      await db.execute(sql`alter table surface_revisions add column catalog jsonb`);
      // And projects keep a tool policy and events their token, which 0021 adds, and their MCP revision, which 0022 adds.
      await db.execute(
        sql`alter table projects add column policy jsonb not null default '{"default":"allow","rules":[]}', add column policy_version integer not null default 0`,
      );
      await db.execute(sql`alter table events add column token text, add column protocol_version text`);
      await createProject(db, createProjectSchema.parse({ id }));
      await putServerCatalog(db, id, 'github', [tool('create_issue'), tool('close_issue')]);
      await putServerCatalog(db, id, 'github', [tool('create_issue')]);
      // Today's ingest also counts unresolved names per day in a table a later migration (0016)
      // adds: lend it that table for these calls, and let the migration make it again.
      await db.execute(sql`create table usage_unresolved_days (project_id text, day date, names integer, primary key (project_id, day))`);
      // And it classes every call into two columns 0018 adds: the same.
      await db.execute(sql`alter table events add column failure_classes jsonb, add column argument_problems jsonb`);
      // And each session's argument figures, which 0019 adds.
      await db.execute(sql`alter table usage_sessions add column checked_calls integer not null default 0, add column well_formed_calls integer not null default 0,
                                                    add column first_tool_at timestamptz, add column first_tool_right boolean`);
      await insertEventRows(db, id, EVENTS);
      await db.execute(sql`drop table usage_unresolved_days`);
      await db.execute(sql`alter table events drop column failure_classes, drop column argument_problems`);
      await db.execute(
        sql`alter table usage_sessions drop column checked_calls, drop column well_formed_calls, drop column first_tool_at, drop column first_tool_right`,
      );
      // everything's catalog arrived after the calls: they stayed under the made-up name.
      await putServerCatalog(db, id, 'everything', [tool('echo')]);
      expect((await rollups(database, id)).daily).toContainEqual({
        kind: 'tool',
        tool: 'everything/all_everything_echo',
        namespace: 'bare',
        calls: 2,
        errors: 1,
      });

      await db.execute(sql`alter table surface_revisions drop column catalog`);
      await db.execute(sql`alter table projects drop column policy, drop column policy_version`);
      await db.execute(sql`alter table events drop column token, drop column protocol_version`);
      await database.migrate();

      const events = await queryRows<Record<string, string | null>>(
        db,
        sql`select event_id, kind, tool, namespace, raw_name, server_hint, tool_hint, unresolved_reason from events where project_id = ${id} order by event_id`,
      );
      const byId = Object.fromEntries(events.map((e) => [e.event_id, e]));
      expect(byId.e1).toMatchObject({
        kind: 'unresolved',
        tool: 'all_everything_echo',
        namespace: 'bare',
        raw_name: 'all_everything_echo',
        server_hint: 'everything',
      });
      expect(byId.e1!.unresolved_reason).toMatch(/'everything' does not list 'all_everything_echo'.*counted as everything\/all_everything_echo by mistake/);
      expect(byId.e3).toMatchObject({ kind: 'unresolved', tool: 'github/delete_repo', namespace: 'canonical' });
      expect(byId.e3!.unresolved_reason).toMatch(/'github' does not list 'delete_repo'/);
      expect(byId.e4).toMatchObject({ kind: 'unresolved', tool: 'mcp_invoke_tool', namespace: 'invoke', server_hint: 'jira', tool_hint: 'create_ticket' });
      expect(byId.e4!.unresolved_reason).toMatch(/^unknown server 'jira': .*not been uploaded/);
      expect([byId.e5, byId.e6, byId.e7].map((e) => [e!.kind, e!.tool])).toEqual([
        ['tool', 'github/create_issue'],
        ['tool', 'github/close_issue'],
        ['meta', 'mcp_find_tools'],
      ]);

      const repaired = await rollups(database, id);
      expect(repaired).toEqual({
        daily: [
          { kind: 'meta', tool: 'mcp_find_tools', namespace: 'meta', calls: 1, errors: 0 },
          { kind: 'tool', tool: 'github/close_issue', namespace: 'canonical', calls: 1, errors: 0 },
          { kind: 'tool', tool: 'github/create_issue', namespace: 'bare', calls: 1, errors: 0 },
          { kind: 'unresolved', tool: 'all_everything_echo', namespace: 'bare', calls: 2, errors: 1 },
          { kind: 'unresolved', tool: 'github/delete_repo', namespace: 'canonical', calls: 1, errors: 0 },
          { kind: 'unresolved', tool: 'mcp_invoke_tool', namespace: 'invoke', calls: 1, errors: 0 },
        ],
        namespaces: [
          { kind: 'meta', namespace: 'meta', calls: 1, errors: 0 },
          { kind: 'tool', namespace: 'bare', calls: 1, errors: 0 },
          { kind: 'tool', namespace: 'canonical', calls: 1, errors: 0 },
          { kind: 'unresolved', namespace: 'bare', calls: 2, errors: 1 },
          { kind: 'unresolved', namespace: 'canonical', calls: 1, errors: 0 },
          { kind: 'unresolved', namespace: 'invoke', calls: 1, errors: 0 },
        ],
        tools: [
          { tool: 'github/close_issue', calls: 1, errors: 0, sessions: 1, sessions_ok: 1 },
          { tool: 'github/create_issue', calls: 1, errors: 0, sessions: 1, sessions_ok: 1 },
        ],
        toolSessions: [
          { tool: 'github/close_issue', session_id: 's2', ok: true },
          { tool: 'github/create_issue', session_id: 's1', ok: true },
        ],
        segments: [{ calls: 7, errors: 1, favourite_calls: 0, meta_calls: 1, off_catalog_calls: 1, unresolved_calls: 4, sessions: 2 }],
        // s1's first success was the made-up echo at 10:00; now it is create_issue at 10:05.
        sessions: [
          { session_id: 's1', calls: 5, errors: 1, first_success: '10:05', before_success: ['10:00', '10:01', '10:03'] },
          { session_id: 's2', calls: 2, errors: 0, first_success: '10:06', before_success: ['10:02'] },
        ],
      });
      expect(repaired).toEqual(await impactRecounted(database, id));

      // The start resolves them again: echo's safe name is everything's now; the rest still wait.
      expect(await queryRows(db, sql`select project_id from reresolve_pending`)).toEqual([{ project_id: id }]);
      expect(await reresolvePending(db)).toBe(2);
      expect(await queryRows(db, sql`select project_id from reresolve_pending`)).toEqual([]);
      const again = await rollups(database, id);
      expect(again.daily).toContainEqual({ kind: 'tool', tool: 'everything/echo', namespace: 'all', calls: 2, errors: 1 });
      expect(again.daily.filter((r) => (r as { tool: string }).tool.includes('all_everything_echo'))).toEqual([]);
      expect(again.tools).toContainEqual({ tool: 'everything/echo', calls: 2, errors: 1, sessions: 1, sessions_ok: 1 });
      expect(again.segments).toEqual([{ calls: 7, errors: 1, favourite_calls: 0, meta_calls: 1, off_catalog_calls: 1, unresolved_calls: 2, sessions: 2 }]);
      expect(again).toEqual(await impactRecounted(database, id));
      // Nothing left to do on the next start.
      expect(await reresolvePending(db)).toBe(0);
    });
  });
});
