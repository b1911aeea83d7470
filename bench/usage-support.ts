/**
 * Shared by the usage, impact and ingest benches: a bench database, the app server
 * started on it, a synthetic catalog of 8 servers and 500 tools, and Zipf-distributed traffic
 * over it, the same in SQL (for loading millions of rows) and in JavaScript (for HTTP batches).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';
import { type Db, openDatabase } from '@/db/client';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { seededRandom } from '@/lib/stats/random';

const ADMIN_URL = process.env.FAVINDEX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const SERVERS = ['github', 'gitlab', 'filesystem', 'memory', 'k8s', 'slack', 'jira', 'postgres'] as const;
export const TOOL_COUNT = 500;

/** The tool of popularity rank r (1 = most called): spread over the servers so the top spans them. */
export function toolOfRank(rank: number): { server: string; tool: string } {
  return { server: SERVERS[(rank * 5) % SERVERS.length]!, tool: `op_${rank}` };
}

/** The same mapping in SQL, for an integer expression `rank`. */
export const SQL_SERVER_OF_RANK = (rank: string) => `(array[${SERVERS.map((s) => `'${s}'`).join(',')}])[1 + (${rank} * 5) % ${SERVERS.length}]`;

/**
 * Zipf-like ranks (s ≈ 1) over 1…n from a uniform u in [0, 1): floor((n+1)^u) gives rank k with
 * probability ln((k+1)/k) / ln(n+1) ≈ 1/(k·H(n)). Closed form, so SQL and JavaScript agree.
 */
export function zipfRank(u: number, n = TOOL_COUNT): number {
  return Math.min(n, Math.floor(Math.exp(u * Math.log(n + 1))));
}

/** Every server's tools/list: realistic descriptions and schemas, 500 tools in all. */
export function benchCatalog(): { server: string; tools: CatalogTool[] }[] {
  const byServer = new Map<string, CatalogTool[]>(SERVERS.map((s) => [s, []]));
  for (let rank = 1; rank <= TOOL_COUNT; rank++) {
    const { server, tool } = toolOfRank(rank);
    byServer.get(server)!.push({
      name: tool,
      description: `Operation ${rank} of the ${server} server: reads or changes one ${server} resource and returns it as JSON.`,
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', description: 'the resource id' }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
        required: ['id'],
      },
    });
  }
  return [...byServer].map(([server, tools]) => ({ server, tools }));
}

/** A fresh, migrated `favindex_bench_<name>` database; `drop()` removes it. */
export async function createBenchDatabase(name: string): Promise<{ url: string; sql: postgres.Sql; drop: () => Promise<void> }> {
  const dbName = `favindex_bench_${name}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  await database.close();
  const sql = postgres(url.toString(), { max: 8, onnotice: () => {}, connection: { TimeZone: 'UTC' } });
  return {
    url: url.toString(),
    sql,
    drop: async () => {
      await sql.end({ timeout: 5 }).catch(() => {});
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built app (`node dist/server.mjs`, after `npm run build`) on the bench database.
 * FAVINDEX_BENCH_APP_DIR may point at a copy of the build, so a rebuild elsewhere cannot
 * change the server under a running bench.
 */
export async function startAppServer(databaseUrl: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = Number(process.env.FAVINDEX_BENCH_PORT) || (await freePort());
  const cwd = path.resolve(process.env.FAVINDEX_BENCH_APP_DIR ?? process.cwd());
  const child: ChildProcess = spawn(process.execPath, ['dist/server.mjs'], {
    cwd,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, FAVINDEX_ADMIN_PASSWORD: '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app server exited: ${output}`);
    const ok = await fetch(`${baseUrl}/api/projects`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app server did not start in 90 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Create the bench project over the API, with the 500-tool catalog and 15 favourites. */
export async function createBenchProject(baseUrl: string, sql: postgres.Sql, id: string): Promise<void> {
  const created = await fetch(`${baseUrl}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, description: 'bench: 8 servers, 500 tools' }),
  });
  if (created.status !== 201) throw new Error(`create project: ${created.status} ${await created.text()}`);
  for (const { server, tools } of benchCatalog()) {
    const put = await fetch(`${baseUrl}/api/projects/${id}/catalog/${server}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tools }),
    });
    if (!put.ok) throw new Error(`put catalog ${server}: ${put.status} ${await put.text()}`);
  }
  // Favourites as a user would pin them: some of the top tools and a few from further down.
  const pinned = [1, 2, 3, 4, 6, 8, 11, 15, 20, 30, 45, 70, 110, 200, 350].map((r) => {
    const { server, tool } = toolOfRank(r);
    return `${server}/${tool}`;
  });
  // Written as the project's first favourites version, so `favourite/…` names resolve at any time.
  await sql`update favourite_indexes set tools = ${sql.json(pinned)} where project_id = ${id}`;
  await sql`update favourite_changes set after = jsonb_set(after, '{tools}', ${sql.json(pinned)}) where project_id = ${id} and version = 1`;
}

export function percentile(sorted: readonly number[], p: number): number {
  // An empty list has no percentile.
  return round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN);
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export const PINNED_RANKS = [1, 2, 3, 4, 6, 8, 11, 15, 20, 30, 45, 70, 110, 200, 350];

/**
 * `count` tool_call_trace events ending now, in every presented form of §names: favourite/ for
 * pinned tools, all/, typed, invoke, canonical, bare, meta, and a few names nothing resolves.
 * Sessions of 20 consecutive calls, 5% errors.
 */
export function benchEvents(count: number, opts: { seed?: number; idPrefix?: string; spacingMs?: number } = {}) {
  const rand = seededRandom(opts.seed ?? 7);
  const spacing = opts.spacingMs ?? 20;
  const end = Date.now() - 60_000;
  const pinned = new Set(PINNED_RANKS);
  return Array.from({ length: count }, (_, i) => {
    const rank = zipfRank(rand());
    const { server, tool } = toolOfRank(rank);
    const v = rand();
    const event: Record<string, unknown> = {
      id: `${opts.idPrefix ?? 'e'}-${i}`,
      type: 'tool_call_trace',
      timestamp: new Date(end - (count - i) * spacing).toISOString(),
      sessionId: `s-${opts.seed ?? 7}-${Math.floor(i / 20)}`,
      status: rand() < 0.05 ? 'error' : 'ok',
      durationMs: 20 + rank,
      model: 'gpt-5.4-mini',
      client: 'bench',
    };
    if (event.status === 'error') event.errorCode = 'TIMEOUT';
    if (v < 0.35) event.tool = pinned.has(rank) ? `favourite/${tool}` : `all/${server}/${tool}`;
    else if (v < 0.5) event.tool = `all/${server}/${tool}`;
    else if (v < 0.7) event.tool = `${server}__${tool}`;
    else if (v < 0.8) Object.assign(event, { tool: 'mcp_invoke_tool', arguments: { server, tool } });
    else if (v < 0.9) event.tool = `${server}/${tool}`;
    else if (v < 0.95) event.tool = tool;
    else if (v < 0.98) event.tool = 'mcp_find_tools';
    else event.tool = `nosuch_${rank % 7}`;
    return event;
  });
}

/** Surface revisions the loaded events are spread over, evenly in time (revision 1 first). */
export const BENCH_REVISIONS = 10;
export const BENCH_MODELS = ['gpt-5.4-mini', 'claude-sonnet-4.6', 'gemini-3-flash'];

/**
 * `n` events over the last `days` days, generated in the database: the same mix as bench
 * traffic, in sessions of 20 consecutive calls, each under the surface revision of its time
 * (BENCH_REVISIONS of them, evenly spaced), with three models and two clients.
 */
export function loadEventsSql(project: string, n: number, days: number): string {
  const server = SQL_SERVER_OF_RANK('rank');
  const models = `(array[${BENCH_MODELS.map((m) => `'${m}'`).join(',')}])[1 + (g / 20) % ${BENCH_MODELS.length}]`;
  return `
    insert into events (project_id, event_id, ts, raw_name, namespace, kind, tool, server_hint, tool_hint,
                        unresolved_reason, session_id, status, error_code, duration_ms, model, client,
                        surface_revision, mode, off_catalog)
    select '${project}', 'e' || g, ts,
      case ns when 'favourite' then 'favourite/' || t when 'all' then 'all/' || c when 'typed' then s || '__' || t
              when 'invoke' then 'mcp_invoke_tool' when 'canonical' then c when 'bare' then t
              when 'meta' then 'mcp_find_tools' else 'nosuch_' || (rank % 7) end,
      case ns when 'unresolved' then 'bare' else ns end,
      case ns when 'meta' then 'meta' when 'unresolved' then 'unresolved' else 'tool' end,
      case ns when 'meta' then 'mcp_find_tools' when 'unresolved' then 'nosuch_' || (rank % 7) else c end,
      case when ns = 'invoke' then s end, case when ns = 'invoke' then t end,
      case when ns = 'unresolved' then 'unknown tool ''nosuch_' || (rank % 7) || ''': no catalog server lists it' end,
      's' || (g / 20), case when err then 'error' else 'ok' end, case when err then 'TIMEOUT' end,
      20 + rank, ${models}, case when (g / 20) % 2 = 0 then 'claude-code' else 'cursor' end,
      1 + ((g - 1) * ${BENCH_REVISIONS}) / ${n}, 'favindex', ns = 'invoke' and rank > 450
    from (
      select g, now() - interval '${days} days' + (g - 1) * (interval '${days} days' / ${n}) as ts, rank, err,
             case when ns = 'favourite' and rank <> all(array[${PINNED_RANKS.join(',')}]) then 'all' else ns end as ns,
             ${server} as s, 'op_' || rank as t, ${server} || '/op_' || rank as c
      from (
        select g, least(${TOOL_COUNT}, floor(exp(u * ln(${TOOL_COUNT + 1}))))::int as rank, err,
               case when v < .35 then 'favourite' when v < .50 then 'all' when v < .70 then 'typed' when v < .80 then 'invoke'
                    when v < .90 then 'canonical' when v < .95 then 'bare' when v < .98 then 'meta' else 'unresolved' end as ns
        from (select g, random() as u, random() as v, random() < 0.05 as err from generate_series(1, ${n}) g) r0
      ) a
    ) b`;
}

/** The usage rollup as ingest keeps it, from the loaded events (the impact rollups: db/queries/impact/recount.ts). */
export function ROLLUP_SQL(project: string): string[] {
  return [
    `insert into usage_daily (project_id, day, kind, tool, namespace, calls, errors, last_used, last_ok_used)
     select project_id, (ts at time zone 'UTC')::date, kind, tool, namespace, count(*), count(*) filter (where status <> 'ok'),
            max(ts), max(ts) filter (where status = 'ok')
     from events where project_id = '${project}' group by 1, 2, 3, 4, 5`,
    `insert into usage_daily_namespaces (project_id, day, kind, namespace, calls, errors)
     select project_id, day, kind, namespace, sum(calls), sum(errors) from usage_daily where project_id = '${project}' group by 1, 2, 3, 4`,
    `insert into usage_daily_tools (project_id, day, tool, sessions, sessions_ok, calls, errors, last_used, last_ok_used)
     select project_id, (ts at time zone 'UTC')::date, tool, count(distinct session_id), count(distinct session_id) filter (where status = 'ok'),
            count(*), count(*) filter (where status <> 'ok'), max(ts), max(ts) filter (where status = 'ok')
     from events where project_id = '${project}' and kind = 'tool' group by 1, 2, 3`,
  ];
}

/** Run `work` with the app's own database layer on the bench database (the recount queries take a drizzle Db). */
export async function withDrizzle<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
