/*
 * Route handlers are bundled by Next apart from the custom server that runs the catalog sync
 * worker, so the two meet on globalThis (as the database does). A registration tells the worker
 * of this process to look again now; workers of other processes see it on their next tick.
 */
const KEY = Symbol.for('favindex.catalogSync');

export interface CatalogSyncHook {
  poke(): void;
}

/** Install the hook; the function returned removes it unless another has replaced it since. */
export function installCatalogSyncHook(hook: CatalogSyncHook): () => void {
  const slots = globalThis as Record<symbol, unknown>;
  slots[KEY] = hook;
  return () => {
    if (slots[KEY] === hook) delete slots[KEY];
  };
}

export function signalCatalogSyncChanged(): void {
  ((globalThis as Record<symbol, unknown>)[KEY] as CatalogSyncHook | undefined)?.poke();
}
