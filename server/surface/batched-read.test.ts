import { describe, expect, it } from 'vitest';
import { BatchedRead } from './batched-read';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedRead', () => {
  it('serves the requests of one event-loop turn with one read that starts after all of them', async () => {
    const reads: ReturnType<typeof deferred<number>>[] = [];
    const batched = new BatchedRead<string, number>(() => {
      const answer = deferred<number>();
      reads.push(answer);
      return answer.promise;
    });
    const first = batched.get('p');
    const second = batched.get('p');
    expect(reads).toHaveLength(0); // not started yet: more requests of this turn may join
    await nextTurn();
    expect(reads).toHaveLength(1);
    // A request arriving while that read runs gets a read of its own, started after it.
    const third = batched.get('p');
    await nextTurn();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(2);
    reads[0]!.resolve(1);
    expect([await first, await second, await third]).toEqual([1, 1, 2]);
  });

  it('keeps keys apart and passes a failure to the whole batch', async () => {
    let n = 0;
    const batched = new BatchedRead<string, string>(async (key) => {
      n++;
      if (key === 'bad') throw new Error('down');
      return key.toUpperCase();
    });
    const results = await Promise.allSettled([batched.get('a'), batched.get('b'), batched.get('bad'), batched.get('bad')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['A', 'B', 'down', 'down']);
    expect(n).toBe(3);
    expect(await batched.get('a')).toBe('A');
  });
});
