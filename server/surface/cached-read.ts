import type { ChangeCounter } from '@/db/change-counter';
import { BoundedMap } from '@/lib/bounded-map';
import { BatchedRead } from './batched-read';

/**
 * A BatchedRead that, on PGlite, keeps each answer for as long as the database cannot have
 * changed (no other statement was called since the read; see ChangeCounter). A poll with
 * nothing new then costs no query and no wait for the next event-loop turn; the first
 * statement of any write makes the next request read again. On PostgreSQL (no counter) every
 * request reads, as other processes may write.
 */
export class CachedRead<K, V> {
  private readonly batched: BatchedRead<K, V>;
  private readonly kept: BoundedMap<K, { value: V; generation: number }>;

  constructor(
    read: (key: K) => Promise<V>,
    private readonly changes: ChangeCounter | undefined,
    limit = 1_000,
  ) {
    this.kept = new BoundedMap(limit);
    this.batched = new BatchedRead(async (key) => {
      const before = changes?.generation;
      const value = await read(key);
      // Kept only if nothing else was called while it ran: then it is what the database holds.
      if (changes && before !== undefined && changes.generation === before) this.kept.set(key, { value, generation: before });
      return value;
    });
  }

  get(key: K): Promise<V> {
    const hit = this.changes ? this.kept.get(key) : undefined;
    if (hit && hit.generation === this.changes?.generation) return Promise.resolve(hit.value);
    return this.batched.get(key);
  }
}
