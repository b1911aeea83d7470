import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { CatalogCache } from './catalog-cache';
import { SurfaceStore } from './surface-store';

const t = setupTestDatabase();

/** The test database, counting the calls of one of its methods. */
function counting(db: Db, method: 'select' | 'transaction'): { db: Db; calls: () => number } {
  let calls = 0;
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop !== method) return value.bind(target);
      return (...args: unknown[]) => {
        calls++;
        return value.apply(target, args);
      };
    },
  });
  return { db: proxy, calls: () => calls };
}

/**
 * 200 proxies polling at once all miss a cache at the same moment: at start, after a change.
 * Before, each of them went to the database, and the queue they made was the multi-second tail
 * under load (bench/connections.bench.ts). Token checks share one read the same way
 * (BatchedRead, tested in batched-read.test.ts).
 */
describe('requests that miss a cache together share one read', () => {
  it('renders a surface once for every concurrent request of the same versions', async () => {
    const id = await createTestProject(['github', 'memory'], 'herd');
    const { db, calls } = counting(t.db, 'transaction');
    const store = new SurfaceStore(db, new CatalogCache());
    const answers = await Promise.all(Array.from({ length: 50 }, () => store.surface(id, undefined)));
    expect(calls()).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    // Another mode is another document.
    await Promise.all([store.surface(id, 'eager'), store.surface(id, 'eager')]);
    expect(calls()).toBe(2);
  });
});
