import { describe, expect, it, vi } from 'vitest';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';

// The warm-up's slices, counted: what the server runs of it, and when.
const slices: string[] = [];
vi.mock('@/lib/surface/warm-up', () => ({
  *catalogWarmUp(catalog: { name: string }) {
    for (let i = 0; i < 3; i++) {
      slices.push(catalog.name);
      yield;
    }
  },
}));
const { warmAfterPreview, whileAnswering } = await import('./warm-up');

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};
const catalog = (name: string) => ({ name }) as unknown as PreparedCatalog;

describe('the warm-up of previewed catalogs', () => {
  it('waits while a preview is answered, then warms each catalog once, one after the other', async () => {
    const first = catalog('first');
    await whileAnswering(async () => {
      warmAfterPreview(first);
      warmAfterPreview(catalog('second'));
      await turns(10);
      expect(slices).toEqual([]);
    });
    warmAfterPreview(first);
    await turns(10);
    expect(slices).toEqual(['first', 'first', 'first', 'second', 'second', 'second']);
  });
});
