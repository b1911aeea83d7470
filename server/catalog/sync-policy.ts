import type { CatalogTool } from '@/lib/schemas/catalog';
import { fetchToolsList, type McpEndpoint } from '@/mcp/fetch-tools';
import type { TargetPolicy } from '@/mcp/guarded-fetch';

/** How a sync reads a server's tools: the guarded fetch below, or one wrapping it (the sync worker, tests). */
export type FetchTools = (endpoint: McpEndpoint) => Promise<CatalogTool[]>;

/**
 * What a live catalog sync may connect to (§catalog): public addresses only, unless
 * FAVINDEX_SYNC_ALLOW_PRIVATE=1 (an installation whose MCP servers run beside it, and tests).
 * Read on every call, so a restart with another environment, or a test, sees the change.
 */
export function syncTargetPolicy(): TargetPolicy {
  return { allowPrivate: process.env.FAVINDEX_SYNC_ALLOW_PRIVATE === '1' };
}

/** Read a registered server's tools the way every sync does: guarded, one error for any target it cannot use. */
export const fetchSyncedTools: FetchTools = (endpoint) => fetchToolsList(endpoint, { guard: syncTargetPolicy() });
