import { configFromEnv, type Database, openDatabase } from '@/db/client';
import type { AppContext } from './app-context';
import { log } from './log';
import { LoginThrottle } from './auth/login-throttle';
import { SessionKeys } from './auth/session';
import { TokenStore } from './auth/token-store';
import { CatalogSyncSignal } from './catalog/sync-signal';
import { IngestArgumentChecks } from './arguments/ingest-checks';
import { ChangeFeed } from './changes/change-feed';
import { GroupCommit } from './events/group-commit';
import { GROUP_EVENTS, writeIngestGroup } from './events/ingest';
import { RevisionTimelines } from './impact/revisions';
import { NameContexts } from './names/name-contexts';
import { CatalogCache } from './surface/catalog-cache';
import { SurfaceStore } from './surface/surface-store';
import { ServerMetrics } from './metrics/server-metrics';

/** `metrics`: the server's, made before the database is open so the requests of its start are timed; a new set otherwise (tests). */
export function createAppContext(database: Database, metrics = new ServerMetrics()): AppContext {
  const { db } = database;
  const catalogs = new CatalogCache();
  metrics.describeDatabase(database);
  const app: AppContext = {
    database,
    db,
    tokens: new TokenStore(db, database.tokenChanges),
    sessions: new SessionKeys(db),
    loginThrottle: new LoginThrottle(),
    catalogs,
    surfaces: new SurfaceStore(db, catalogs, database.surfaceChanges),
    names: new NameContexts(),
    revisions: new RevisionTimelines(),
    argumentChecks: new IngestArgumentChecks(),
    catalogSync: new CatalogSyncSignal(),
    changeFeed: new ChangeFeed(),
    ingest: new GroupCommit(
      (projectId, posts) => writeIngestGroup(app, projectId, posts),
      (post) => post.batch.length,
      GROUP_EVENTS[database.kind],
    ),
    metrics,
  };
  return app;
}

/*
 * Next bundles route handlers apart from the custom server (server.ts), so the two module
 * graphs meet in this one slot on globalThis. Nothing opens the database at import time:
 * `next build` evaluates route modules in worker processes.
 */
interface Slot {
  current: AppContext | null;
  pending: Promise<AppContext> | null;
}
const SLOT_KEY = Symbol.for('favindex.app');
// One slot on globalThis, shared by Next's bundles and the server; its value is only ever a Slot.
const globals = globalThis as Record<symbol, unknown>;
const slot: Slot = (globals[SLOT_KEY] as Slot | undefined) ?? { current: null, pending: null };
globals[SLOT_KEY] = slot;

/** Make an opened (and migrated) database's context the process's one. */
export function installAppContext(app: AppContext): void {
  slot.current = app;
  slot.pending = Promise.resolve(app);
}

/**
 * The process's context. The server installs it before it listens; without one (a route run
 * by `next dev` alone) it is opened from the environment on first use, and a failed open is
 * tried again on the next request rather than poisoning every later one.
 */
export function appContext(): Promise<AppContext> {
  if (slot.current) return Promise.resolve(slot.current);
  if (!slot.pending) {
    slot.pending = openDatabase(configFromEnv()).then(
      (database) => {
        const app = createAppContext(database);
        slot.current = app;
        return app;
      },
      (err: unknown) => {
        slot.pending = null;
        throw err;
      },
    );
  }
  return slot.pending;
}

/** Write what is pending (token use) and close the database; the slot is empty afterwards. */
export async function closeAppContext(): Promise<void> {
  const app = slot.current ?? (slot.pending ? await slot.pending.catch(() => null) : null);
  slot.current = null;
  slot.pending = null;
  if (!app) return;
  try {
    await app.tokens.flush().catch((err: unknown) => log.error('could not record token use', { err }));
  } finally {
    await app.database.close();
  }
}
