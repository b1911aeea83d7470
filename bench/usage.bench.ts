/**
 * Usage at 10M events (docs/benchmarks.md): p50/p95 of GET /api/projects/:id/usage?window=30d through
 * the real HTTP server, against a GROUP BY over the raw events in the same run. The events
 * (90 days, 8 servers, 500 tools, Zipf popularity, every presented form) and their rollup are
 * loaded by SQL, which is what ingest would have left. Goal: p50 ≤ 30 ms and ≥ 30× the GROUP BY.
 */
import { loadBenchEvents, timeRequests, timeRuns, withBenchApp } from './bench-app';
import { percentile, round, TOOL_COUNT } from './usage-support';

const EVENTS = Number(process.env.FAVINDEX_BENCH_USAGE_EVENTS ?? 10_000_000);
const DAYS = 90;
const PROJECT = 'bench';
const REQUESTS = Number(process.env.FAVINDEX_BENCH_USAGE_REQUESTS ?? 200);

/** The baseline: the ranking's figures straight from the raw events of the same 30 days. */
const RAW_GROUP_BY = `
  select tool, count(*) as calls, count(*) filter (where status <> 'ok') as errors,
         count(distinct ((ts at time zone 'UTC')::date, session_id)) as sessions, max(ts) as last_used
  from events
  where project_id = '${PROJECT}' and kind = 'tool'
    and ts >= (current_date - 29)::timestamp at time zone 'UTC' and ts < (current_date + 1)::timestamp at time zone 'UTC'
  group by tool order by calls desc, sessions desc`;

export async function run(): Promise<Record<string, unknown>> {
  return withBenchApp('usage', PROJECT, async (app) => {
    const { sql } = app;
    // The impact rollups too: the usage report's breakdowns by model and client read usage_daily_segments.
    const loaded = await loadBenchEvents(app, PROJECT, { events: EVENTS, days: DAYS });
    const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from usage_daily_tools`;
    if (!counted) throw new Error('an aggregate without group by returns one row');
    const rollupRows = counted.n;

    const usageUrl = `${app.baseUrl}/api/projects/${PROJECT}/usage?window=30d`;
    await timeRequests(usageUrl, 20);
    const usage = await timeRequests(usageUrl, REQUESTS);
    const suggestions = await timeRequests(`${app.baseUrl}/api/projects/${PROJECT}/suggestions?window=30d`, 50);
    const quarter = await timeRequests(`${app.baseUrl}/api/projects/${PROJECT}/usage?window=90d`, 50);
    const report = (await (await fetch(usageUrl)).json()) as { rows: { tool: string; calls: number }[]; totals: { calls: number } };

    let rawTop: { tool: string; calls: string } | undefined;
    const baseline = await timeRuns(3, async () => {
      [rawTop] = await sql.unsafe<{ tool: string; calls: string }[]>(RAW_GROUP_BY);
    });

    const p50 = percentile(usage, 0.5);
    const baselineP50 = percentile(baseline, 0.5);
    return {
      ...loaded,
      tools: TOOL_COUNT,
      rollupToolDayRows: rollupRows,
      requests: REQUESTS,
      usageP50Ms: p50,
      usageP95Ms: percentile(usage, 0.95),
      usageP99Ms: percentile(usage, 0.99),
      usage90dP50Ms: percentile(quarter, 0.5),
      suggestionsP50Ms: percentile(suggestions, 0.5),
      rawGroupByP50Ms: baselineP50,
      speedupVsRawGroupBy: round(baselineP50 / p50, 1),
      // The endpoint and the raw GROUP BY agree on the top tool and its count.
      topToolAgrees: rawTop?.tool === report.rows[0]?.tool && Number(rawTop?.calls) === report.rows[0]?.calls,
      goals: { p50Ms: 30, speedup: 30 },
      met: p50 <= 30 && baselineP50 / p50 >= 30,
    };
  });
}
