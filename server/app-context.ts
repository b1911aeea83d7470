import type { Database, Db } from '@/db/client';
import type { IngestArgumentChecks } from './arguments/ingest-checks';
import type { LoginThrottle } from './auth/login-throttle';
import type { SessionKeys } from './auth/session';
import type { TokenStore } from './auth/token-store';
import type { CatalogSyncSignal } from './catalog/sync-signal';
import type { ChangeFeed } from './changes/change-feed';
import type { GroupCommit } from './events/group-commit';
import type { IngestPost } from './events/ingest-post';
import type { IngestResult } from '@/lib/contracts/events';
import type { RevisionTimelines } from './impact/revisions';
import type { NameContexts } from './names/name-contexts';
import type { CatalogCache } from './surface/catalog-cache';
import type { SurfaceStore } from './surface/surface-store';
import type { ServerMetrics } from './metrics/server-metrics';

/**
 * Everything a process holds between requests: the database and the caches and signals that
 * sit beside it. One per process, built once (context.ts); tests build one per database.
 *
 * The type alone, apart from what builds it: the services that take an AppContext sit above
 * everything it holds, so none of what it holds may import them, type-only imports included.
 */
export interface AppContext {
  readonly database: Database;
  readonly db: Db;
  readonly tokens: TokenStore;
  readonly sessions: SessionKeys;
  readonly loginThrottle: LoginThrottle;
  /** Catalogs loaded and prepared, shared by the surfaces, previews and plans of the same catalog. */
  readonly catalogs: CatalogCache;
  readonly surfaces: SurfaceStore;
  readonly names: NameContexts;
  readonly revisions: RevisionTimelines;
  /** Compiled inputSchemas per catalog version, for the arguments other proxies' traces carry. */
  readonly argumentChecks: IngestArgumentChecks;
  readonly catalogSync: CatalogSyncSignal;
  /** What each project's writes changed, for the dashboard's short poll (GET /changes). */
  readonly changeFeed: ChangeFeed;
  /** Ingest's writer: a project's posts that come together are written in one transaction (server/events/ingest.ts). */
  readonly ingest: GroupCommit<IngestPost, IngestResult>;
  /** The figures GET /metrics answers, counted where they happen (ingest, the surface poll) and timed per request by server.ts. */
  readonly metrics: ServerMetrics;
}
