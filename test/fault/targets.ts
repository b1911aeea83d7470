import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database } from '@/db/client';
import { queryRows } from '@/db/sql';
import { copyPgliteTemplate } from '@/test/pglite-template';

const COLD_START = { FAVINDEX_WARM_UP: '0' };

/**
 * Where a fault-test server keeps its data: a fresh PGlite folder (a copy of the run's migrated
 * template, see test/pglite-template.ts), or a fresh database on the PostgreSQL server of
 * DATABASE_URL. `inspect` opens it from the test process (for PGlite only while no server
 * runs: one process per folder). `env` also turns the server's warm-up off: it makes a
 * restart's first second fast for proxies, which no fault test measures, and costs each of
 * their many starts 4-5 s.
 */
export interface FaultTarget {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  inspect<T>(run: (db: Database['db']) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export function faultTargets(): FaultTarget['kind'][] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createTarget(kind: FaultTarget['kind']): Promise<FaultTarget> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-fault-'));
    const dataDir = copyPgliteTemplate(path.join(dir, 'data'));
    return {
      kind,
      env: { FAVINDEX_DATA_DIR: dataDir, DATABASE_URL: '', ...COLD_START },
      async inspect(run) {
        const database = await openDatabase({ dataDir });
        try {
          return await run(database.db);
        } finally {
          await database.close();
        }
      },
      async dispose() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `favindex_fault_${Date.now()}_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString(), FAVINDEX_DATA_DIR: '', ...COLD_START },
    async inspect(run) {
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        return await run(database.db);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface StoredTotals {
  events: number;
  /** md5 of the stored event ids, sorted and comma-joined: equal sets give equal digests. */
  idDigest: string;
  /** Every rollup projection that counts calls, summed: each must equal the raw count it covers. */
  rollups: Record<string, { calls: number; covers: number }>;
}

/** What the database holds for a project: raw events, and each rollup's total next to the raw count it should equal. */
export async function storedTotals(db: Database['db'], projectId: string): Promise<StoredTotals> {
  const [raw] = await queryRows<{ events: number; tool_events: number; digest: string }>(
    db,
    sql`select count(*)::int as events, (count(*) filter (where kind = 'tool'))::int as tool_events,
               coalesce(md5(string_agg(event_id, ',' order by event_id collate "C")), '') as digest
        from events where project_id = ${projectId}`,
  );
  if (!raw) throw new Error('an aggregate without group by returns one row');
  const columns = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'calls'
        and table_name in ('usage_daily', 'usage_daily_namespaces', 'usage_daily_tools')`,
  );
  const rollups: StoredTotals['rollups'] = {};
  for (const { table_name: table } of columns) {
    const [row] = await queryRows<{ calls: number }>(
      db,
      sql`select coalesce(sum(calls), 0)::int as calls from ${sql.identifier(table)} where project_id = ${projectId}`,
    );
    if (!row) throw new Error('an aggregate without group by returns one row');
    // usage_daily_tools holds tool calls only (meta and unresolved have no sessions there).
    rollups[table] = { calls: row.calls, covers: table === 'usage_daily_tools' ? raw.tool_events : raw.events };
  }
  return { events: raw.events, idDigest: raw.digest, rollups };
}
