import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/**
 * Per server, the tool names its stored catalog versions other than the one in force list: a
 * call made while the server listed a tool stays that tool's after the tool is gone (§names).
 * Only versions still stored count (the newest CATALOG_VERSIONS_KEPT per server).
 */
export async function earlierCatalogTools(db: Db, projectId: string): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ server: string; tools: string[] }>(
    db,
    sql`select v.server, array_agg(distinct t.name) as tools
        from catalog_versions v
        join catalog_servers s on s.project_id = v.project_id and s.name = v.server and s.version <> v.version
        cross join lateral jsonb_to_recordset(v.tools) as t(name text)
        where v.project_id = ${projectId}
        group by v.server`,
  );
  return new Map(rows.map((r) => [r.server, r.tools]));
}
