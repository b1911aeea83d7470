type Waiter<V> = { resolve: (v: V) => void; reject: (e: unknown) => void };

/**
 * Concurrent requests that each need the same fresh read share it, without ever getting an
 * answer older than themselves: the requests that arrive in one turn of the event loop join
 * one read, which starts after all of them arrived (in the loop's check phase). Reads of
 * later turns start on their own, so a slow read never makes newer requests wait for it.
 */
export class BatchedRead<K, V> {
  private readonly pending = new Map<K, Waiter<V>[]>();

  constructor(private readonly read: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const batch = this.pending.get(key);
      if (batch) {
        batch.push({ resolve, reject });
        return;
      }
      this.pending.set(key, [{ resolve, reject }]);
      setImmediate(() => this.start(key));
    });
  }

  private start(key: K): void {
    const batch = this.pending.get(key) ?? [];
    this.pending.delete(key);
    let read: Promise<V>;
    try {
      read = this.read(key);
    } catch (err) {
      read = Promise.reject(err);
    }
    read.then(
      (value) => {
        for (const waiter of batch) waiter.resolve(value);
      },
      (err: unknown) => {
        for (const waiter of batch) waiter.reject(err);
      },
    );
  }
}
