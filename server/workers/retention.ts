import type { Db } from '@/db/client';
import { applyRetention } from '@/db/queries/retention';
import { type Logger, log } from '@/server/log';

export interface RetentionWorker {
  stop(): Promise<void>;
}

/**
 * Applies every project's raw-event retention once at start and then every `intervalMs`.
 * Several app processes may run it at once: each delete is idempotent.
 */
export function startRetentionWorker(db: Db, options: { intervalMs?: number; logger?: Logger } = {}): RetentionWorker {
  const intervalMs = options.intervalMs ?? 3_600_000;
  const logger = options.logger ?? log;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = applyRetention(db)
      .then((results) => {
        for (const r of results) if (r.deletedEvents > 0) logger.info(`retention: ${r.projectId}: deleted ${r.deletedEvents} raw events before ${r.cutoff}`);
      })
      .catch((err: unknown) => logger.error('retention round failed', { err }));
  };
  round();
  const timer = setInterval(() => {
    if (!stopped) round();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
