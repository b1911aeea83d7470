import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngestResult } from '@/lib/contracts/events';
import { FavindexError } from './favindex-api';
import { ProxyProblems } from './problems';
import { type SenderSpool, TraceSender } from './sender';

afterEach(() => {
  vi.useRealTimers();
});

/** Sealed segments in memory: what the sender reads of a spool. */
function memorySpool() {
  const segments = new Map<string, Record<string, unknown>[]>();
  let seq = 0;
  const spool: SenderSpool & { seal(ids: string[]): void } = {
    onSealed: null,
    rejected: { put: () => {} },
    ready: () => [...segments.keys()].sort(),
    read: async (name) => {
      const events = segments.get(name);
      return events ? { events: events.map((e) => ({ ...e })), damaged: 0 } : null;
    },
    remove: (name) => void segments.delete(name),
    seal(ids) {
      segments.set(
        `${String(seq++).padStart(6, '0')}.ready`,
        ids.map((id) => ({ id, type: 'tool_call_trace', timestamp: new Date().toISOString(), tool: 'echo', status: 'ok' })),
      );
      spool.onSealed?.();
    },
  };
  return spool;
}

/** A favindex whose answers come when the test says: each post's ids, and a way to answer the oldest one waiting. */
function slowFavindex() {
  const posts: string[][] = [];
  const waiting: ((result: IngestResult | Error) => void)[] = [];
  const api = {
    postEvents: (ndjson: string) =>
      new Promise<IngestResult>((resolve, reject) => {
        const ids = ndjson
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { id: string }).id);
        posts.push(ids);
        waiting.push((result) => (result instanceof Error ? reject(result) : resolve(result)));
      }),
  };
  const answer = (result: IngestResult | Error = { accepted: 1, duplicates: 0, rejected: [] }) => waiting.shift()?.(result);
  return { posts, api, answer };
}

function senderOf(spool: SenderSpool, api: Pick<import('./favindex-api').FavindexApi, 'postEvents'>) {
  const log = () => {};
  return new TraceSender(spool, api, log, new ProxyProblems('http://favindex.test', log, () => true));
}

describe('TraceSender cadence', () => {
  it('posts what was sealed while a post was under way together, in one post, and never two posts at once', async () => {
    vi.useFakeTimers();
    const spool = memorySpool();
    const favindex = slowFavindex();
    senderOf(spool, favindex.api);
    spool.seal(['a']);
    await vi.advanceTimersByTimeAsync(0);
    expect(favindex.posts).toEqual([['a']]);
    spool.seal(['b', 'c']);
    spool.seal(['d']);
    spool.seal(['e']);
    await vi.advanceTimersByTimeAsync(0);
    expect(favindex.posts).toHaveLength(1);
    favindex.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(favindex.posts).toEqual([['a'], ['b', 'c', 'd', 'e']]);
    favindex.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(spool.ready()).toEqual([]);
  });

  it('after a slow answer waits as long again before the next post, and what is sealed meanwhile does not cut the wait short', async () => {
    vi.useFakeTimers();
    const spool = memorySpool();
    const favindex = slowFavindex();
    senderOf(spool, favindex.api);
    spool.seal(['a']);
    await vi.advanceTimersByTimeAsync(2_000);
    favindex.answer();
    await vi.advanceTimersByTimeAsync(0);
    spool.seal(['b']);
    spool.seal(['c']);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(favindex.posts).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(favindex.posts).toEqual([['a'], ['b', 'c']]);
  });

  it('keeps to its backoff after a failure while new traces are sealed, and then sends them all with the ones that failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const spool = memorySpool();
    const favindex = slowFavindex();
    senderOf(spool, favindex.api);
    spool.seal(['a']);
    await vi.advanceTimersByTimeAsync(0);
    favindex.answer(new FavindexError('HTTP 503', 503, true));
    await vi.advanceTimersByTimeAsync(0);
    // Sealed every half second meanwhile: none of it is a new try before the backoff (500 ms) is over.
    spool.seal(['b']);
    await vi.advanceTimersByTimeAsync(499);
    expect(favindex.posts).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(favindex.posts).toEqual([['a'], ['a', 'b']]);
    vi.mocked(Math.random).mockRestore();
  });
});
