/**
 * A Map that holds at most `limit` entries, dropping the least recently used first. The
 * process's caches are all of this kind, so each says how big it may grow in one place.
 * With `weigh`, the limit is on the entries' summed weight (bytes, say) instead of their
 * number; a value heavier than the whole limit is not kept.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    private readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

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
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.limit) return;
    for (const oldest of this.entries.keys()) {
      if (this.weight + weight <= this.limit) break;
      this.delete(oldest);
    }
    this.entries.set(key, value);
    this.weight += weight;
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(value);
  }

  deleteWhere(test: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.entries) if (test(value, key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}
