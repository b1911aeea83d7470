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

/**
 * Which of `canonicals` (`server/tool`) the catalog in force lists. Only their servers' tool
 * names are read: a favourites view asks this of a few pinned tools, and reading every tool of
 * the catalog for it took as long as the catalog read (about a second at 50,000 tools).
 */
export async function listedAmong(db: Db, projectId: string, canonicals: readonly string[]): Promise<Set<string>> {
  if (canonicals.length === 0) return new Set();
  const servers = [...new Set(canonicals.map((c) => c.slice(0, Math.max(0, c.indexOf('/')))))];
  const rows = await queryRows<{ canonical: string }>(
    db,
    sql`select s.name || '/' || t.name as canonical
        from catalog_servers s
        join catalog_versions v on v.project_id = s.project_id and v.server = s.name and v.version = s.version
        cross join lateral jsonb_to_recordset(v.tools) as t(name text)
        where s.project_id = ${projectId}
          and s.name in (select jsonb_array_elements_text(${JSON.stringify(servers)}::jsonb))
          and s.name || '/' || t.name in (select jsonb_array_elements_text(${JSON.stringify(canonicals)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.canonical));
}
