import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { tool } from '@/test/surface-catalogs';
import { prepareCatalog } from './prepared-catalog';
import { rankTools, retrieveTools } from './retrieve';
import type { SurfaceServer } from './types';

// retrieveTools keeps each search per catalog version, query and k: every answer must be the search's own.
const servers: SurfaceServer[] = DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools }));

function searched(catalog: ReturnType<typeof prepareCatalog>, query: string, k: number) {
  return rankTools(catalog, query)
    .slice(0, k)
    .map((r) => r.entry.canonical);
}

describe('searches kept per catalog version, query and k', () => {
  it('give each query, k and catalog version its own tools', () => {
    const catalog = prepareCatalog(servers);
    const next = prepareCatalog([{ name: 'zeta', tools: [tool('open_issue', 'Create an issue in the tracker')] }, ...servers]);
    for (const round of [1, 2]) {
      for (const [query, k] of [
        ['create an issue', 3],
        ['create an issue', 1],
        ['read a file', 3],
      ] as const) {
        for (const c of [catalog, next]) {
          expect({ round, query, k, tools: retrieveTools(c, query, k).entries.map((e) => e.canonical) }).toEqual({
            round,
            query,
            k,
            tools: searched(c, query, k),
          });
        }
      }
    }
    expect(retrieveTools(next, 'create an issue', 3).entries.map((e) => e.canonical)).toContain('zeta/open_issue');
    expect(retrieveTools(catalog, 'create an issue', 3).entries.map((e) => e.canonical)).not.toContain('zeta/open_issue');
  });

  it('hand each caller lists of its own', () => {
    const catalog = prepareCatalog(servers);
    const first = retrieveTools(catalog, 'create an issue', 3);
    const want = first.entries.map((e) => e.canonical);
    first.entries.length = 0;
    first.leftOut.push({ canonical: 'x/y', name: 'x', reason: 'not-in-catalog', message: 'x' });
    const again = retrieveTools(catalog, 'create an issue', 3);
    expect(again.entries.map((e) => e.canonical)).toEqual(want);
    expect(again.leftOut).toEqual([]);
  });
});
