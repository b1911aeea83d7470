import type { SyncView } from '@/lib/contracts/catalog';
import { displayUrl, maskHeaders } from '@/lib/schemas/catalog-sync';

/** The sync columns of a catalog server, as stored. */
export interface SyncState {
  syncUrl: string | null;
  syncHeaders: Record<string, string> | null;
  syncIntervalSeconds: number | null;
  lastSyncAt: Date | null;
  lastSyncError: string | null;
  lastSyncOkAt: Date | null;
  nextSyncAt: Date | null;
}

export function toSyncView(row: SyncState): SyncView | null {
  if (!row.syncUrl) return null;
  return {
    url: displayUrl(row.syncUrl),
    headers: maskHeaders(row.syncHeaders),
    intervalSeconds: row.syncIntervalSeconds,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastSyncError,
    lastSyncOkAt: row.lastSyncOkAt?.toISOString() ?? null,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
  };
}
