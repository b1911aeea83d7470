/**
 * A Map that holds at most `limit` entries, dropping the least recently used first. The
 * process's caches are all of this kind, so each says how big it may grow in one place.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-insert: Map keeps insertion order, so the front is always the least recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(test: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.entries) if (test(value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
