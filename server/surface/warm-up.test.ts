import { describe, expect, it } from 'vitest';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { WarmUps } from './warm-up';

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};
const catalog = (name: string) => ({ name }) as unknown as PreparedCatalog;

describe('the warm-up of previewed catalogs', () => {
  it('waits while a preview is answered, then warms each catalog once, one after the other', async () => {
    // Each warm-up's slices, counted: what the server runs of them, and when.
    const slices: string[] = [];
    const warmUps = new WarmUps(function* (c) {
      for (let i = 0; i < 3; i++) {
        slices.push((c as unknown as { name: string }).name);
        yield;
      }
    });
    const first = catalog('first');
    await warmUps.whileAnswering(async () => {
      warmUps.warm(first);
      warmUps.warm(catalog('second'));
      await turns(10);
      expect(slices).toEqual([]);
    });
    warmUps.warm(first);
    // Nothing else wakes the event loop meanwhile, as on a server no one is asking: the warm-up keeps it turning itself.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slices).toEqual(['first', 'first', 'first', 'second', 'second', 'second']);
  });

  it('runs the slices given once after the first catalog’s, and never again', async () => {
    const slices: string[] = [];
    const warmUps = new WarmUps(
      function* (c) {
        slices.push((c as unknown as { name: string }).name);
        yield;
      },
      function* () {
        slices.push('once');
        yield;
        slices.push('once');
      },
    );
    warmUps.warm(catalog('first'));
    warmUps.warm(catalog('second'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    warmUps.warm(catalog('third'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slices).toEqual(['first', 'once', 'once', 'second', 'third']);
  });
});
