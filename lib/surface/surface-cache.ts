/** A rendered surface response: the exact body bytes and their ETag. */
export interface RenderedSurface {
  body: string;
  etag: string;
}

const LIMIT = 1_000;

/**
 * Rendered surfaces per database and project, keyed by everything the response depends on
 * (catalog version, favourites version, surface config, mode), never by time: any change to
 * those gives a new key, so a hit is always current. One entry per project and mode.
 */
export class SurfaceCache {
  private readonly perDatabase = new WeakMap<object, Map<string, { key: string; value: RenderedSurface }>>();

  get(database: object, slot: string, key: string): RenderedSurface | null {
    const entry = this.perDatabase.get(database)?.get(slot);
    return entry && entry.key === key ? entry.value : null;
  }

  set(database: object, slot: string, key: string, value: RenderedSurface): void {
    let entries = this.perDatabase.get(database);
    if (!entries) {
      entries = new Map();
      this.perDatabase.set(database, entries);
    }
    entries.delete(slot);
    if (entries.size >= LIMIT) entries.delete(entries.keys().next().value as string);
    entries.set(slot, { key, value });
  }
}
