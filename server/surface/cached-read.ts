import type { ChangeSignal } from '@/db/change-signal';
import { BoundedMap } from '@/lib/bounded-map';
import { BatchedRead } from './batched-read';

/**
 * A BatchedRead that keeps each answer for as long as the database cannot have changed (see
 * ChangeSignal: on PGlite no notification of a change to what a poll reads; on PostgreSQL no
 * notification and no statement of this process that may write what a poll reads). A poll with
 * nothing new then costs no query. While the signal cannot tell (PostgreSQL not listening) every
 * request reads.
 */
export class CachedRead<K, V> {
  private readonly batched: BatchedRead<K, V>;
  private readonly kept: BoundedMap<K, { value: V; generation: number }>;

  constructor(
    read: (key: K) => Promise<V>,
    private readonly changes: ChangeSignal | undefined,
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
    return hit && hit.generation === this.changes?.generation ? Promise.resolve(hit.value) : this.batched.get(key);
  }
}
