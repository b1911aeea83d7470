/**
 * Ingest throughput (docs/benchmarks.md): events/s through the real HTTP endpoint, NDJSON batches of
 * 1,000 (validation, name resolution, dedupe and the rollup included), against the same rows
 * inserted by SQL alone in the same run: plain INSERTs of 1,000 rows into a copy of the events
 * table with the same indexes, no rollup. Goal: ≥ 30,000 events/s and ≥ 1/4 of SQL-only.
 */
import { withBenchApp } from './bench-app';
import { benchEvents, round } from './usage-support';

const BATCH = 1_000;
const BATCHES = Number(process.env.FAVINDEX_BENCH_INGEST_BATCHES ?? 200);
const CONCURRENCY = Number(process.env.FAVINDEX_BENCH_INGEST_CONCURRENCY ?? 4);
const PROJECT = 'bench';

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
    const bodies = Array.from({ length: BATCHES }, (_, b) =>
      events
        .slice(b * BATCH, (b + 1) * BATCH)
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );

    // Warm the server (route compilation, the name resolver cache) on a batch not counted.
    const warm = benchEvents(BATCH, { seed: 99, idPrefix: 'warm' })
      .map((e) => JSON.stringify(e))
      .join('\n');
    await post(app.baseUrl, warm);

    let accepted = 0;
    const httpSeconds = await timed(bodies, CONCURRENCY, async (body) => {
      const result = await post(app.baseUrl, body);
      accepted += result.accepted;
    });
    if (accepted !== events.length) throw new Error(`accepted ${accepted} of ${events.length} events`);
    const [firstBody] = bodies;
    if (firstBody === undefined) throw new Error('the bench needs at least one batch');
    const duplicates = (await post(app.baseUrl, firstBody)).duplicates;

    // The same rows, as ingest stored them, inserted by SQL alone into an empty copy of the table.
    await sql`create table events_sql_only (like events including all)`;
    const rows = await sql`select * from events where project_id = ${PROJECT} and event_id not like 'warm-%' order by ts`;
    const batches = Array.from({ length: BATCHES }, (_, b) => rows.slice(b * BATCH, (b + 1) * BATCH));
    const sqlSeconds = await timed(batches, CONCURRENCY, async (batch) => {
      await sql`insert into events_sql_only ${sql(batch as never)}`;
    });

    const httpRate = events.length / httpSeconds;
    const sqlRate = rows.length / sqlSeconds;
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
