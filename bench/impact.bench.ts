/**
 * Impact and backtest at 10M events: p50/p95 of GET /api/projects/:id/impact (one change judged
 * per model, client and mode, 1,000 bootstrap resamples, and the reach of what it loaded from a
 * bounded sample of the sessions' events) and /backtest over HTTP, read from the
 * rollups, against the same sessions aggregated from the raw events in the same run. The events
 * (90 days, 10 surface revisions, 500 tools, 3 models, 2 clients, sessions of 20 calls) and every
 * rollup are loaded by SQL, which is what ingest would have left.
 * Goal: impact p50 ≤ 500 ms (a page), ≥ 10× the raw-event aggregation.
 */
import { sessionCells } from '@/db/queries/impact/session-cells';
import { findSurfaceRevision } from '@/db/queries/surface-revisions';
import { impactReach } from '@/server/impact/reach';
import { loadBenchEvents, timeRequests, timeRuns, withBenchApp } from './bench-app';
import { BENCH_REVISIONS, percentile, round, withDrizzle } from './usage-support';

const EVENTS = Number(process.env.FAVINDEX_BENCH_IMPACT_EVENTS ?? 10_000_000);
const REQUESTS = Number(process.env.FAVINDEX_BENCH_IMPACT_REQUESTS ?? 40);
const DAYS = 90;
const PROJECT = 'bench';
const DAY_MS = 86_400_000;

/** Revision r took effect where the loaded events switch to it; favourites versions 2… each pin one more tool. */
function revisionsSql(start: number): string {
  const span = (DAYS * DAY_MS) / BENCH_REVISIONS;
  const at = (r: number) => `'${new Date(start + (r - 1) * span).toISOString()}'::timestamptz`;
  const rows = Array.from({ length: BENCH_REVISIONS }, (_, i) => i + 1);
  return `
    insert into favourite_changes (project_id, version, changed_at, via, before, after)
    select '${PROJECT}', r, ts, 'api', prev.after, jsonb_set(prev.after, '{tools}', (prev.after->'tools') || to_jsonb('github/op_' || (600 + r)))
    from (values ${rows
      .slice(1)
      .map((r) => `(${r}, ${at(r)})`)
      .join(', ')}) v(r, ts)
    cross join (select after from favourite_changes where project_id = '${PROJECT}' and version = 1) prev;
    update favourite_changes set changed_at = ${at(1)} where project_id = '${PROJECT}' and version = 1;
    update surface_revisions set at = ${at(1)} where project_id = '${PROJECT}' and revision = 1;
    insert into surface_revisions (project_id, revision, at, favourites_version, mode, naming, changed, via)
    select '${PROJECT}', r, ts, r, 'favindex', 'slash', '["favourites"]', 'api' from (values ${rows
      .slice(1)
      .map((r) => `(${r}, ${at(r)})`)
      .join(', ')}) v(r, ts);
    update projects set surface_revision = ${BENCH_REVISIONS} where id = '${PROJECT}';
    update favourite_indexes set version = ${BENCH_REVISIONS} where project_id = '${PROJECT}';`;
}

/** The baseline: the sessions of both sides aggregated from the raw events, grouped as the bootstrap reads them. */
function rawSessionsSql(revision: number, from: string, to: string): string {
  return `
    select model, client, mode, calls, errors, favourite_calls, meta_calls, before_success, first_failed, count(*)
    from (
      select coalesce(model, '') as model, coalesce(client, '') as client, mode, count(*) as calls,
             count(*) filter (where status <> 'ok') as errors, count(*) filter (where namespace = 'favourite') as favourite_calls,
             count(*) filter (where kind = 'meta') as meta_calls,
             count(*) filter (where first_success is null or ts < first_success) as before_success,
             bool_or(status <> 'ok') filter (where ts = first_at) as first_failed
      from (
        select *, min(ts) over w as first_at, min(ts) filter (where kind = 'tool' and status = 'ok') over w as first_success
        from events where project_id = '${PROJECT}' and surface_revision in (${revision - 1}, ${revision})
          and session_id is not null and ts >= '${from}' and ts < '${to}'
        window w as (partition by surface_revision, mode, model, client, session_id)
      ) e
      group by surface_revision, 1, 2, 3, session_id
    ) s
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}

export async function run(): Promise<Record<string, unknown>> {
  return withBenchApp('impact', PROJECT, async (app) => {
    const { sql } = app;
    const start = Date.now() - DAYS * DAY_MS;
    const loaded = await loadBenchEvents(app, PROJECT, { events: EVENTS, days: DAYS, extraSql: revisionsSql(start) });
    const [counted] = await sql<{ sessions: number; segments: number }[]>`
      select (select count(*)::int from usage_sessions) as sessions, (select count(*)::int from usage_daily_segments) as segments`;

    const base = `${app.baseUrl}/api/projects/${PROJECT}`;
    const latest = `${base}/impact?revision=${BENCH_REVISIONS}`;
    await timeRequests(latest, 5);
    const impact = await timeRequests(latest, REQUESTS);
    const month = await timeRequests(`${base}/impact?revision=${BENCH_REVISIONS - 4}&window=30d`, Math.ceil(REQUESTS / 2));
    const backtest = await timeRequests(`${base}/backtest?weeks=12&train=28d`, Math.ceil(REQUESTS / 2));
    const usage = await timeRequests(`${base}/usage?window=30d`, REQUESTS);
    const report = (await (await fetch(latest)).json()) as {
      comparison: {
        before: { from: string; to: string };
        after: { from: string; to: string };
        segments: { before: { sessions: number }; after: { sessions: number } }[];
        reach?: { segments: { before: { sessions: number; sampled: number }; after: { sessions: number; sampled: number } }[] };
      };
    };
    const all = report.comparison.segments[0]!;

    // In process, the two parts of /impact that read the database for the change judged: the
    // reach (the sample's events) against the session rollup both sides' measures come from.
    const c = report.comparison;
    const parts = await withDrizzle(app.url, async (db) => {
      const [baselineRow, targetRow] = await Promise.all([
        findSurfaceRevision(db, PROJECT, BENCH_REVISIONS - 1),
        findSurfaceRevision(db, PROJECT, BENCH_REVISIONS),
      ]);
      const side = (s: { from: string; to: string }) => ({ from: new Date(s.from), to: new Date(s.to) });
      const input = { baseline: baselineRow!, target: targetRow!, before: side(c.before), after: side(c.after), retentionDays: null, seed: 1 };
      const reach = await timeRuns(Math.ceil(REQUESTS / 2), () => impactReach(db, PROJECT, input));
      const cells = await timeRuns(Math.ceil(REQUESTS / 2), () =>
        Promise.all([
          sessionCells(db, PROJECT, BENCH_REVISIONS - 1, input.before.from, input.before.to),
          sessionCells(db, PROJECT, BENCH_REVISIONS, input.after.from, input.after.to),
        ]),
      );
      return { reachP50Ms: percentile(reach, 0.5), sessionCellsP50Ms: percentile(cells, 0.5) };
    });

    const baseline = await timeRuns(3, () => sql.unsafe(rawSessionsSql(BENCH_REVISIONS, report.comparison.before.from, report.comparison.after.to)));

    const p50 = percentile(impact, 0.5);
    const baselineP50 = percentile(baseline, 0.5);
    return {
      ...loaded,
      revisions: BENCH_REVISIONS,
      sessionRows: counted?.sessions,
      segmentRows: counted?.segments,
      sessionsJudged: { before: all.before.sessions, after: all.after.sessions, segments: report.comparison.segments.length },
      // The reach is read from the events of a sample of these: how many sessions a side that was.
      reachSessionsRead: report.comparison.reach
        ? { before: report.comparison.reach.segments[0]!.before.sampled, after: report.comparison.reach.segments[0]!.after.sampled }
        : undefined,
      inProcess: parts,
      impactP50Ms: p50,
      impactP95Ms: percentile(impact, 0.95),
      impact30dP50Ms: percentile(month, 0.5),
      backtest12WeeksP50Ms: percentile(backtest, 0.5),
      usage30dP50Ms: percentile(usage, 0.5),
      rawSessionsP50Ms: baselineP50,
      speedupVsRawSessions: round(baselineP50 / p50, 1),
      goals: { impactP50Ms: 500, speedup: 10 },
      met: p50 <= 500 && baselineP50 / p50 >= 10,
    };
  });
}
