import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/** One stored catalog version of a server, without its tools: enough to say which was in force when. */
export interface StoredVersion {
  server: string;
  version: number;
  /** Tells a version from the one of the same number after a server was removed and added back. */
  fingerprint: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** Every stored catalog version of a project, by server and then version (§catalog). */
export async function storedCatalogVersions(db: Db, projectId: string): Promise<StoredVersion[]> {
  const rows = await queryRows<{ server: string; version: number; fingerprint: string; created_ms: number }>(
    db,
    sql`select server, version, fingerprint, (extract(epoch from created_at) * 1000)::float8 as created_ms
        from catalog_versions where project_id = ${projectId} order by server, version`,
  );
  return rows.map((r) => ({ server: r.server, version: r.version, fingerprint: r.fingerprint, createdAt: r.created_ms }));
}

/** The input schema of each tool of one stored version; null when the version is gone. */
export async function catalogVersionSchemas(db: Db, projectId: string, server: string, version: number): Promise<Map<string, Record<string, unknown>> | null> {
  const [row] = await queryRows<{ tools: { name: string; inputSchema?: Record<string, unknown> }[] }>(
    db,
    sql`select tools from catalog_versions where project_id = ${projectId} and server = ${server} and version = ${version}`,
  );
  if (!row) return null;
  return new Map(row.tools.map((t) => [t.name, t.inputSchema ?? { type: 'object' }]));
}
