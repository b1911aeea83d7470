/**
 * Tells this process's catalog-sync worker to look again now (a server was registered or
 * changed); workers of other processes see the change on their next tick.
 */
export class CatalogSyncSignal {
  private listener: (() => void) | null = null;

  /** The worker listens; the function returned stops it (unless another listener replaced it). */
  listen(listener: () => void): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }

  poke(): void {
    this.listener?.();
  }
}
