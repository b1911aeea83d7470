import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig, type RoutersConfig } from '@/lib/schemas/routers';
import { buildModeList } from '@/lib/surface/modes';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { modeInputs } from '@/test/surface-catalogs';
import { foldedTools, missingFromCatalog } from './places';

const catalog = prepareCatalog(ROUTERS_SERVERS);
const presented = (routers: RoutersConfig) =>
  buildModeList('routers', catalog, modeInputs({ favourites: { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue'] }, routers })).tools.length;
const missingOf = (routers: RoutersConfig) => new Set(missingFromCatalog(routers, new Set(catalog.entries.map((e) => e.canonical))));

describe('foldedTools', () => {
  it('is what the routers mode presents fewer with the routers than with none', () => {
    const [first, second] = ROUTERS.routers;
    if (!first || !second) throw new Error('two routers expected');
    const gone = { ...first, ops: [...first.ops, { op: 'gone', tool: 'tracker/gone', note: 'Not in the catalog.' }] };
    const nowhere = { name: 'nowhere', description: 'None of its tools is listed.', ops: [{ op: 'x', tool: 'elsewhere/x', note: 'Gone.' }] };
    const configs: RoutersConfig[] = [
      ROUTERS,
      { ...ROUTERS, routers: [second] },
      { routers: [gone, nowhere], singletons: [] },
      { routers: [{ ...first, ops: first.ops.slice(0, 1) }], singletons: ROUTERS.singletons },
    ];
    const none = presented(emptyRoutersConfig());
    for (const config of configs) expect(presented(config)).toBe(none - foldedTools(config, missingOf(config)));
    expect(foldedTools(ROUTERS, new Set())).toBeGreaterThan(0);
  });
});
