import type { Database } from '@/db/client';
import { SurfaceNotifications } from '@/db/surface-notifications';

/** Until this database's surface notifications are heard (PostgreSQL); at once on PGlite. */
export async function untilListening(database: Database, timeoutMs = 10_000): Promise<void> {
  const signal = database.surfaceChanges;
  if (!(signal instanceof SurfaceNotifications)) return;
  const deadline = Date.now() + timeoutMs;
  void signal.generation;
  while (!signal.isListening) {
    if (Date.now() > deadline) throw new Error('surface notifications never started listening');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
