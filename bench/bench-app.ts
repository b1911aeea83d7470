/**
 * A bench's running app: a fresh database, the built server on it, the bench project, events
 * loaded as ingest would have left them, and request timings.
 */
import type postgres from 'postgres';
import { recountImpactRollups } from '@/db/queries/impact/recount';
import { createBenchDatabase, createBenchProject, loadEventsSql, ROLLUP_SQL, round, startAppServer, withDrizzle } from './usage-support';

export interface BenchApp {
  sql: postgres.Sql;
  url: string;
  baseUrl: string;
}

/** A fresh bench database, the built server on it and `project` in it; all gone after `work`. */
export async function withBenchApp<T>(name: string, project: string, work: (bench: BenchApp) => Promise<T>): Promise<T> {
  const bench = await createBenchDatabase(name);
  const app = await startAppServer(bench.url);
  try {
    await createBenchProject(app.baseUrl, bench.sql, project);
    return await work({ sql: bench.sql, url: bench.url, baseUrl: app.baseUrl });
  } finally {
    await app.stop();
    await bench.drop();
  }
}

/** What a bench reports about the events it loaded. */
export interface LoadedFigures {
  database: 'postgresql';
  events: number;
  days: number;
  loadSeconds: number;
  rollupSeconds: number;
}

/**
 * `events` generated events over `days` (plus `extraSql` in the same transaction), then every
 * rollup ingest keeps, as ingest would have left them; the seconds each step took.
 */
export async function loadBenchEvents(
  bench: Pick<BenchApp, 'sql' | 'url'>,
  project: string,
  opts: { events: number; days: number; extraSql?: string },
): Promise<LoadedFigures> {
  let t0 = performance.now();
  await bench.sql.begin(async (tx) => {
    await tx`select setseed(0.42)`;
    await tx.unsafe(loadEventsSql(project, opts.events, opts.days));
    if (opts.extraSql) await tx.unsafe(opts.extraSql);
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  for (const statement of ROLLUP_SQL(project)) await bench.sql.unsafe(statement);
  await withDrizzle(bench.url, (db) => recountImpactRollups(db, project));
  await bench.sql.unsafe(
    'vacuum analyze events, usage_daily, usage_daily_tools, usage_daily_namespaces, usage_daily_segments, usage_sessions, surface_revisions',
  );
  const rollupSeconds = (performance.now() - t0) / 1000;
  return { database: 'postgresql', events: opts.events, days: opts.days, loadSeconds: round(loadSeconds, 1), rollupSeconds: round(rollupSeconds, 1) };
}

/** `count` GETs of `url`, one after another: the times in milliseconds, sorted. */
export async function timeRequests(url: string, count: number): Promise<number[]> {
  return timeRuns(count, async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  });
}

/** `count` runs of `work`, one after another: the times in milliseconds, sorted. */
export async function timeRuns(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}
