/**
 * Ingest throughput (docs/benchmarks.md): events/s through the real HTTP endpoint, NDJSON batches of
 * 1,000 (validation, name resolution, dedupe and the rollup included), against the same rows
 * inserted by SQL alone in the same run: plain INSERTs of 1,000 rows into a copy of the events
 * table with the same indexes, no rollup. Goal: ≥ 30,000 events/s and ≥ 1/4 of SQL-only.
 *
 * Beside them, as many events that carry the call's `arguments`, as another proxy sends them
 * (a quarter wrong: a shortened key, a wrong type, a missing id), so ingest checks each against
 * the tool's schema in the catalog (§arguments); in rounds alternating with the plain events,
 * so the table's growth and the machine's load fall on both.
 */
import { seededRandom } from '@/lib/stats/random';
import { callsFor } from './argument-support';
import { withBenchApp } from './bench-app';
import { benchCatalog, benchEvents, round } from './usage-support';

const BATCH = 1_000;
const BATCHES = Number(process.env.FAVINDEX_BENCH_INGEST_BATCHES ?? 200);
const CONCURRENCY = Number(process.env.FAVINDEX_BENCH_INGEST_CONCURRENCY ?? 4);
const PROJECT = 'bench';
const ROUNDS = 4;

/** The same traffic, each call to a catalog tool with the arguments it was made with. */
function withArguments(events: Record<string, unknown>[]): Record<string, unknown>[] {
  const rand = seededRandom(11);
  // Every bench tool has the same schema; a quarter of the calls get it wrong.
  const pool = callsFor(benchCatalog()[0]!.tools[0]!.inputSchema, rand, { valid: 300, wrong: 100 });
  return events.map((event) => {
    const tool = String(event.tool);
    if (tool === 'mcp_find_tools' || tool.startsWith('nosuch_')) return event;
    const args = pool[Math.floor(rand() * pool.length)]!.args;
    return { ...event, arguments: tool === 'mcp_invoke_tool' ? { ...(event.arguments as object), arguments: args } : args };
  });
}

const ndjson = (events: readonly Record<string, unknown>[]) =>
  Array.from({ length: BATCHES }, (_, b) =>
    events
      .slice(b * BATCH, (b + 1) * BATCH)
      .map((e) => JSON.stringify(e))
      .join('\n'),
  );

/** Run `jobs` with at most `concurrency` in flight; the wall time in seconds. */
async function timed<T>(jobs: T[], concurrency: number, run: (job: T) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) await run(jobs[next++]!);
    }),
  );
  return (performance.now() - started) / 1000;
}

export async function run(): Promise<Record<string, unknown>> {
  return withBenchApp('ingest', PROJECT, async (app) => {
    const { sql } = app;
    const events = benchEvents(BATCH * BATCHES);
    const bodies = ndjson(events);
    // Its own seed, so its sessions are not the plain events' sessions again.
    const argumentBodies = ndjson(withArguments(benchEvents(BATCH * BATCHES, { seed: 8, idPrefix: 'a' })));

    // Warm the server (route compilation, the name resolver cache) on a batch not counted.
    const warm = benchEvents(BATCH, { seed: 99, idPrefix: 'warm' })
      .map((e) => JSON.stringify(e))
      .join('\n');
    await post(app.baseUrl, warm);
    // And every tool's schema compiled once, as a running server has them.
    const tools = benchCatalog().flatMap(({ server, tools }) => tools.map((t) => `${server}/${t.name}`));
    const warmChecks = benchEvents(tools.length, { seed: 98, idPrefix: 'warma' }).map((e, i) => ({ ...e, tool: tools[i], arguments: { id: 'warm' } }));
    await post(app.baseUrl, warmChecks.map((e) => JSON.stringify(e)).join('\n'));

    let accepted = 0;
    const ingest = (list: string[]) =>
      timed(list, CONCURRENCY, async (body) => {
        const result = await post(app.baseUrl, body);
        accepted += result.accepted;
      });
    let httpSeconds = 0;
    let argumentSeconds = 0;
    const perRound = Math.ceil(BATCHES / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      const plain = bodies.slice(r * perRound, (r + 1) * perRound);
      const withArgs = argumentBodies.slice(r * perRound, (r + 1) * perRound);
      if (r % 2 === 0) {
        httpSeconds += await ingest(plain);
        argumentSeconds += await ingest(withArgs);
      } else {
        argumentSeconds += await ingest(withArgs);
        httpSeconds += await ingest(plain);
      }
    }
    if (accepted !== 2 * events.length) throw new Error(`accepted ${accepted} of ${2 * events.length} events`);
    const [checkedEvents] = await sql`select count(*) filter (where argument_problems is not null)::int as checked,
        count(*) filter (where jsonb_array_length(argument_problems) > 0)::int as wrong
      from events where project_id = ${PROJECT} and event_id like 'a-%'`;
    const [firstBody] = bodies;
    if (firstBody === undefined) throw new Error('the bench needs at least one batch');
    const duplicates = (await post(app.baseUrl, firstBody)).duplicates;

    // The same rows, as ingest stored them, inserted by SQL alone into an empty copy of the table.
    await sql`create table events_sql_only (like events including all)`;
    const rows = await sql`select * from events where project_id = ${PROJECT} and event_id like 'e-%' order by ts`;
    const batches = Array.from({ length: BATCHES }, (_, b) => rows.slice(b * BATCH, (b + 1) * BATCH));
    const sqlSeconds = await timed(batches, CONCURRENCY, async (batch) => {
      await sql`insert into events_sql_only ${sql(batch as never)}`;
    });

    const httpRate = events.length / httpSeconds;
    const sqlRate = rows.length / sqlSeconds;
    const argumentRate = events.length / argumentSeconds;
    return {
      database: 'postgresql',
      events: events.length,
      batchSize: BATCH,
      concurrency: CONCURRENCY,
      httpSeconds: round(httpSeconds),
      httpEventsPerSecond: Math.round(httpRate),
      sqlOnlySeconds: round(sqlSeconds),
      sqlOnlyEventsPerSecond: Math.round(sqlRate),
      ratioToSqlOnly: round(httpRate / sqlRate, 3),
      resentBatchDuplicates: duplicates,
      withArguments: {
        events: events.length,
        checked: checkedEvents?.checked,
        withProblems: checkedEvents?.wrong,
        httpSeconds: round(argumentSeconds),
        httpEventsPerSecond: Math.round(argumentRate),
        ratioToWithout: round(argumentRate / httpRate, 3),
      },
      goals: { eventsPerSecond: 30_000, ratioToSqlOnly: 0.25 },
      met: httpRate >= 30_000 && httpRate / sqlRate >= 0.25,
    };
  });
}

async function post(baseUrl: string, body: string): Promise<{ accepted: number; duplicates: number }> {
  const res = await fetch(`${baseUrl}/api/projects/${PROJECT}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson' },
    body,
  });
  if (!res.ok) throw new Error(`POST events: ${res.status} ${await res.text()}`);
  return (await res.json()) as { accepted: number; duplicates: number };
}
