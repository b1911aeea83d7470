/**
 * The fleet bench's measuring: CPU and memory of processes from /proc (the server runs in a
 * child process, so its CPU is its own), PostgreSQL's backends of one database, and the
 * baseline: the same writes as plain SQL INSERTs, one per post, in the same run.
 */
import fs from 'node:fs';
import postgres from 'postgres';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import { sql as drizzleSql } from 'drizzle-orm';

const ADMIN_URL = process.env.FAVINDEX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TICK_MS = 1000 / 100;

/** CPU time (user + system) a process has used so far, in ms; NaN when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/**
 * How long the main thread of a process has waited for a core while it was ready to run, in
 * ms (/proc/<pid>/schedstat): what a machine shared with other work costs it, beside its CPU.
 */
export function runQueueMsOf(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in MB. */
export function rssMbOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The CPU the backends of `database` used between two readings (PostgreSQL on this machine), by application_name. */
export class BackendCpu {
  private readonly admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });

  async read(database: string, application: string): Promise<Map<number, number>> {
    const rows = await this.admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and application_name = ${application}`;
    return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
  }

  /** CPU ms used since `before` by the backends present at both readings, and by those that came since (all of theirs). */
  static since(before: Map<number, number>, after: Map<number, number>): number {
    let ms = 0;
    for (const [pid, now] of after) {
      const then = before.get(pid) ?? 0;
      if (Number.isFinite(now) && Number.isFinite(then)) ms += now - then;
    }
    return ms;
  }

  close(): Promise<void> {
    return this.admin.end({ timeout: 5 });
  }
}

/** Runs `jobs` with at most `concurrency` under way; the wall time in ms. */
export async function inTurn<T>(jobs: readonly T[], concurrency: number, run: (job: T) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) await run(jobs[next++]!);
    }),
  );
  return performance.now() - started;
}

export interface BaselineFigures {
  posts: number;
  events: number;
  concurrency: number;
  seconds: number;
  postsPerSecond: number;
  /** CPU of the inserting side (this process: postgres.js, or PGlite itself) and of PostgreSQL's backends, per post. */
  clientCpuMsPerPost: number;
  databaseCpuMsPerPost: number;
}

/**
 * The same rows ingest stored, post by post (the ids each answered post carried, in order),
 * inserted by plain INSERTs into an empty copy of the events table with the same indexes and
 * no rollup, `concurrency` at a time: what the database takes with nothing else to do.
 */
export async function plainInsertsPostgres(
  url: string,
  database: string,
  project: string,
  posts: readonly string[][],
  concurrency: number,
): Promise<BaselineFigures> {
  const sql = postgres(url, { max: concurrency, onnotice: () => {}, connection: { application_name: 'favindex-bench-baseline', TimeZone: 'UTC' } });
  const backends = new BackendCpu();
  try {
    await sql`drop table if exists fleet_sql_only`;
    await sql`create table fleet_sql_only (like events including all)`;
    const rows = await sql`select * from events where project_id = ${project}`;
    const byId = new Map(rows.map((r) => [r.event_id as string, r]));
    const batches = posts.map((ids) => ids.flatMap((id) => byId.get(id) ?? [])).filter((b) => b.length > 0);
    // Every connection opened before the clock starts, so their backends are counted, and warm.
    await inTurn(batches.slice(0, 2 * concurrency), concurrency, async (batch) => {
      await sql`insert into fleet_sql_only ${sql(batch as never)}`;
    });
    await sql`truncate fleet_sql_only`;
    const before = await backends.read(database, 'favindex-bench-baseline');
    const cpu = process.cpuUsage();
    const ms = await inTurn(batches, concurrency, async (batch) => {
      await sql`insert into fleet_sql_only ${sql(batch as never)}`;
    });
    const clientMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
    const databaseMs = BackendCpu.since(before, await backends.read(database, 'favindex-bench-baseline'));
    await sql`drop table fleet_sql_only`;
    return figures(batches, concurrency, ms, clientMs, databaseMs);
  } finally {
    await backends.close();
    await sql.end({ timeout: 5 });
  }
}

/** The same on PGlite: in this process, as the server runs it in its own (one connection, so one at a time). */
export async function plainInsertsPglite(db: Db, project: string, posts: readonly string[][]): Promise<BaselineFigures> {
  await db.execute(drizzleSql`drop table if exists fleet_sql_only`);
  await db.execute(drizzleSql`create table fleet_sql_only (like events including all)`);
  const rows = await queryRows<Record<string, unknown>>(db, drizzleSql`select * from events where project_id = ${project}`);
  const byId = new Map(rows.map((r) => [r.event_id as string, r]));
  const batches = posts
    .map((ids) =>
      ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      }),
    )
    .filter((b) => b.length > 0);
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  // One multi-row INSERT per post, its values as parameters.
  const insert = async (batch: Record<string, unknown>[]) => {
    const values = drizzleSql.join(
      batch.map(
        (row) =>
          drizzleSql`(${drizzleSql.join(
            columns.map((c) => drizzleSql`${jsonReady(row[c])}`),
            drizzleSql`, `,
          )})`,
      ),
      drizzleSql`, `,
    );
    await db.execute(drizzleSql`insert into fleet_sql_only (${drizzleSql.raw(columns.map((c) => `"${c}"`).join(', '))}) values ${values}`);
  };
  // Warm, as the server's PGlite is.
  await inTurn(batches.slice(0, 20), 1, insert);
  await db.execute(drizzleSql`truncate fleet_sql_only`);
  const cpu = process.cpuUsage();
  const ms = await inTurn(batches, 1, insert);
  const usage = process.cpuUsage(cpu);
  await db.execute(drizzleSql`drop table fleet_sql_only`);
  return figures(batches, 1, ms, (usage.user + usage.system) / 1000, 0);
}

/** PGlite reads jsonb as objects and takes them back as text. */
function jsonReady(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
}

function figures(batches: readonly unknown[][], concurrency: number, ms: number, clientMs: number, databaseMs: number): BaselineFigures {
  const posts = batches.length;
  return {
    posts,
    events: batches.reduce((n, b) => n + b.length, 0),
    concurrency,
    seconds: Math.round(ms) / 1000,
    postsPerSecond: Math.round((posts / ms) * 1000),
    clientCpuMsPerPost: Math.round((clientMs / posts) * 1000) / 1000,
    databaseCpuMsPerPost: Math.round((databaseMs / posts) * 1000) / 1000,
  };
}
