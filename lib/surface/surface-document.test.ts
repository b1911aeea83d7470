import { describe, expect, it } from 'vitest';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { tool } from '@/test/surface-catalogs';
import { prepareCatalog } from './prepared-catalog';
import { buildSurfaceDocument, etagOf, ifNoneMatchHits, type SurfaceSource } from './surface-document';

const catalog = prepareCatalog([
  { name: 'github', tools: [tool('create_issue'), tool('x'.repeat(70))] },
  { name: 'gitlab', tools: [tool('create_issue')] },
]);
const source: SurfaceSource = {
  project: 'p',
  version: { catalog: 3, favourites: 2 },
  surface: defaultSurfaceConfig(),
  favourites: { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue'] },
};

describe('surface document', () => {
  it('maps every presented name to its canonical name, per mode', () => {
    expect(buildSurfaceDocument(source, catalog, 'favindex').names).toEqual({
      'favourite/github/create_issue': 'github/create_issue',
      'favourite/gitlab/create_issue': 'gitlab/create_issue',
      [`all/github/${'x'.repeat(70)}`]: `github/${'x'.repeat(70)}`,
      'all/github/create_issue': 'github/create_issue',
      'all/gitlab/create_issue': 'gitlab/create_issue',
    });
    const pinned = buildSurfaceDocument(source, catalog, 'pinned');
    expect(pinned.names).toEqual({ github__create_issue: 'github/create_issue', gitlab__create_issue: 'gitlab/create_issue' });
    expect(pinned.metaTools).toEqual(['mcp_find_tools']);
    expect(pinned.leftOut.map((l) => l.reason)).toEqual(['name-too-long']);
    expect(pinned.instruction).toBeNull();
    expect(buildSurfaceDocument(source, catalog, 'off')).toMatchObject({ names: {}, metaTools: ['mcp_invoke_tool'] });
    expect(buildSurfaceDocument(source, catalog, 'favindex').instruction).toBe(source.surface.instruction);
  });

  it('keeps its fingerprint while the content is the same, whatever the versions say', () => {
    const a = buildSurfaceDocument(source, catalog, 'favindex');
    const b = buildSurfaceDocument({ ...source, version: { catalog: 9, favourites: 7 } }, prepareCatalog(catalog.servers), 'favindex');
    expect(b.fingerprint).toBe(a.fingerprint);
    const reordered = buildSurfaceDocument(
      { ...source, favourites: { ...source.favourites, tools: [...source.favourites.tools].reverse() } },
      catalog,
      'favindex',
    );
    expect(reordered.fingerprint).not.toBe(a.fingerprint);
    expect(buildSurfaceDocument(source, catalog, 'eager').fingerprint).not.toBe(a.fingerprint);
  });

  it('matches If-None-Match the way RFC 9110 says for GET', () => {
    const etag = etagOf('abc');
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"zzz", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"abd"', etag)).toBe(false);
    expect(ifNoneMatchHits(null, etag)).toBe(false);
  });
});
