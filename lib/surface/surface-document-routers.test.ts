import { describe, expect, it } from 'vitest';
import { surfaceDocumentSchema } from '@/lib/contracts/surface';
import { policyForToken } from '@/lib/policy/narrow';
import { routersConfigSchema } from '@/lib/schemas/routers';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { prepareCatalog } from './prepared-catalog';
import { presentedList } from './presented';
import { buildSurfaceDocument, type SurfaceSource } from './surface-document';
import { surfaceView } from '@/proxy/surface-view';

const catalog = prepareCatalog(ROUTERS_SERVERS);
const source: SurfaceSource = {
  project: 'p',
  version: { catalog: 1, favourites: 1, surface: 1 },
  surface: { ...defaultSurfaceConfig(), mode: 'routers' },
  favourites: { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue'] },
  routers: ROUTERS,
};

describe('the surface document in the routers mode (§routers)', () => {
  it('carries the routers, names the favourites and singletons it lists, and lists what the preview lists', () => {
    const doc = buildSurfaceDocument(source, catalog, 'routers');
    expect(doc.routers).toEqual(ROUTERS);
    expect(doc.names).toEqual({
      fav_get_issue: 'tracker/get_issue',
      all_notes_search_notes: 'notes/search_notes',
      all_notes_read_note: 'notes/read_note',
      all_notes_append_note: 'notes/append_note',
    });
    expect(doc.metaTools).toEqual([]);
    // What a proxy lists from the document is the list the mode builds from the project's own inputs.
    const listed = presentedList(surfaceView({ document: doc, etag: `"${doc.fingerprint}"`, revision: 1 }), catalog).tools.map((t) => t.name);
    expect(listed).toEqual(['fav_get_issue', 'tracker_read', 'tracker_write', 'all_notes_search_notes', 'all_notes_read_note', 'all_notes_append_note']);
  });

  it('carries the routers in the modes that group by them, none in the others, so a change of routers reaches only proxies that use them', () => {
    const other = routersConfigSchema.parse({ routers: [ROUTERS.routers[0]] });
    // The modes that list tools one by one group them for clients that speak the grouping extension.
    for (const mode of ['routers', 'favindex', 'eager', 'deferred'] as const) {
      const doc = buildSurfaceDocument(source, catalog, mode);
      expect(doc.routers, mode).toEqual(ROUTERS);
      expect(buildSurfaceDocument({ ...source, routers: other }, catalog, mode).fingerprint, mode).not.toBe(doc.fingerprint);
    }
    for (const mode of ['off', 'lazy', 'pinned', 'retrieve'] as const) {
      const doc = buildSurfaceDocument(source, catalog, mode);
      expect(doc.routers, mode).toEqual({ routers: [], singletons: [] });
      expect(buildSurfaceDocument({ ...source, routers: other }, catalog, mode).fingerprint, mode).toBe(doc.fingerprint);
    }
    // Without routers given, the mode lists every tool on its own.
    expect(buildSurfaceDocument({ ...source, routers: undefined }, catalog, 'routers').routers).toEqual({ routers: [], singletons: [] });
  });

  it('holds no op or singleton of a tool the token may not use, and no router left without an op', () => {
    const policy = {
      default: 'allow' as const,
      rules: [{ effect: 'deny' as const, tools: ['tracker/delete_*', 'tracker/create_*', 'tracker/update_*', 'notes/search_notes'], identities: ['token:ci'] }],
    };
    const doc = buildSurfaceDocument({ ...source, policy: policyForToken(policy, 'ci') }, catalog, 'routers');
    expect(doc.routers.routers.map((r) => r.name)).toEqual(['tracker_read']);
    expect(doc.routers.singletons).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('delete_issue');
  });

  it('reads a document from a favindex older than routers as one with none', () => {
    const { routers: _, ...older } = buildSurfaceDocument(source, catalog, 'favindex');
    expect(surfaceDocumentSchema.parse(older).routers).toEqual({ routers: [], singletons: [] });
  });
});
