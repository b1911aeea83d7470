import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { listAllTools } from '@/mcp/fetch-tools';
import { ToolsListener, type BackoffOptions } from '@/mcp/tools-listener';
import { stableStringify } from '@/lib/stable-json';
import { claimDueSyncs, claimListenerLeases, type ListenerLease, releaseListenerLeases } from '@/db/queries/catalog-sync';
import { syncServerNow } from '@/server/catalog/sync';
import { syncTargetPolicy } from '@/server/catalog/sync-policy';
import type { AppContext } from '@/server/app-context';
import { errorMessage } from '@/lib/thrown';

export interface CatalogSyncWorkerOptions {
  /** How often to look for due syncs and renew listener leases. */
  tickMs?: number;
  /** A listener lease outlives a few missed ticks; a dead process's servers move on after it. */
  leaseSeconds?: number;
  heartbeatMs?: number;
  backoff?: BackoffOptions;
  maxListeners?: number;
  /** Scheduled syncs run at most this many at a time per process. */
  concurrency?: number;
  log?: (message: string) => void;
}

export interface CatalogSyncWorker {
  readonly owner: string;
  /** Run one round now: renew/claim listeners, then run the due scheduled syncs. */
  tick(): Promise<void>;
  /** Servers this process listens to, as `project/server`. */
  listening(): string[];
  /** Stop the schedule, leave every session, and hand the leases back. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 5_000;

interface ActiveListener {
  config: string;
  listener: ToolsListener;
}

/**
 * Keeps a project's live catalogs current in one app process: a session to each server whose
 * listener lease it holds (re-synced on notifications/tools/list_changed and on reconnect),
 * and the scheduled syncs that fall due. Safe with many processes on one PostgreSQL: due
 * syncs and listener leases are claimed with UPDATE … RETURNING.
 */
export function startCatalogSyncWorker(app: AppContext, options: CatalogSyncWorkerOptions = {}): CatalogSyncWorker {
  const { db } = app;
  const tickMs = options.tickMs ?? 15_000;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const maxListeners = options.maxListeners ?? 200;
  const concurrency = options.concurrency ?? 4;
  const log = options.log ?? (() => {});
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const listeners = new Map<string, ActiveListener>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: Promise<void> | null = null;
  let again = false;

  const keyOf = (lease: { projectId: string; server: string }) => `${lease.projectId}/${lease.server}`;

  const startListener = (lease: ListenerLease, config: string): ToolsListener => {
    const name = keyOf(lease);
    return new ToolsListener({
      endpoint: { url: lease.url, headers: lease.headers },
      guard: syncTargetPolicy(),
      heartbeatMs: options.heartbeatMs,
      backoff: options.backoff,
      log: (message) => log(`catalog sync ${name}: ${message}`),
      onSync: async (client, reason) => {
        const result = await syncServerNow(db, lease.projectId, lease.server, reason, async (endpoint) => {
          // Re-registered since this session opened: the next round starts a listener for the new one.
          if (stableStringify([endpoint.url, endpoint.headers]) !== config) throw new Error('the registration changed; reconnecting');
          return listAllTools(client, endpoint.url);
        });
        if (result.changed) log(`catalog sync ${name}: version ${result.version} (${reason})`);
      },
    }).start();
  };

  const reconcileListeners = async () => {
    const leases = await claimListenerLeases(db, owner, leaseSeconds, maxListeners);
    const wanted = new Set<string>();
    for (const lease of leases) {
      const key = keyOf(lease);
      const config = stableStringify([lease.url, lease.headers]);
      wanted.add(key);
      const active = listeners.get(key);
      if (active?.config === config) continue;
      if (active) void active.listener.close();
      listeners.set(key, { config, listener: startListener(lease, config) });
    }
    for (const [key, active] of listeners) {
      if (wanted.has(key)) continue;
      listeners.delete(key);
      void active.listener.close();
    }
  };

  const runDueSyncs = async () => {
    const due = await claimDueSyncs(db, 50);
    for (let i = 0; i < due.length; i += concurrency) {
      await Promise.all(
        due.slice(i, i + concurrency).map(async ({ projectId, server }) => {
          try {
            const result = await syncServerNow(db, projectId, server, 'schedule');
            if (result.changed) log(`catalog sync ${projectId}/${server}: version ${result.version} (schedule)`);
          } catch (err) {
            // Recorded on the server as its last error; the schedule tries again next interval.
            log(`catalog sync ${projectId}/${server}: ${errorMessage(err)}`);
          }
        }),
      );
    }
  };

  const round = async () => {
    try {
      await reconcileListeners();
      await runDueSyncs();
    } catch (err) {
      log(`catalog sync round failed: ${errorMessage(err)}`);
    }
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
  };

  /** One round at a time; a poke during a round runs another right after it. */
  const tick = async (): Promise<void> => {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      do {
        again = false;
        if (!stopped) await round();
      } while (again && !stopped);
    })().finally(() => {
      current = null;
      schedule(tickMs);
    });
    return current;
  };

  const stopListening = app.catalogSync.listen(() => void tick());
  schedule(0);

  return {
    owner,
    tick,
    listening: () => [...listeners.keys()].sort(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopListening();
      await current?.catch(() => {});
      const closing = [...listeners.values()].map((active) => active.listener.close());
      listeners.clear();
      // A server that hangs must not hold up shutdown: its lease simply runs out instead.
      await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
      await releaseListenerLeases(db, owner).catch((err: unknown) => log(`could not release listener leases: ${errorMessage(err)}`));
    },
  };
}
