import { describe, expect, it } from 'vitest';
import { surfaceDocumentSchema } from '@/lib/contracts/surface';
import { DEFAULT_INSTRUCTIONS, DEFERRED_INSTRUCTION, defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { tool } from '@/test/surface-catalogs';
import { policyForToken } from '@/lib/policy/narrow';
import { prepareCatalog } from './prepared-catalog';
import { buildSurfaceDocument, etagOf, ifNoneMatchHits, type SurfaceSource } from './surface-document';

const catalog = prepareCatalog([
  { name: 'github', tools: [tool('create_issue'), tool('x'.repeat(70))] },
  { name: 'gitlab', tools: [tool('create_issue')] },
]);
const source: SurfaceSource = {
  project: 'p',
  version: { catalog: 3, favourites: 2, surface: 4 },
  surface: { ...defaultSurfaceConfig(), naming: 'slash' },
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
    expect(buildSurfaceDocument(source, catalog, 'favindex').instruction).toBe(DEFAULT_INSTRUCTIONS.slash);
  });

  it('serves deferred mode: typed names in its order, favourites first, its instruction, no meta-tool', () => {
    const deferred = buildSurfaceDocument({ ...source, favourites: { ...source.favourites, tools: ['gitlab/create_issue'] } }, catalog, 'deferred');
    expect(Object.entries(deferred.names)).toEqual([
      ['gitlab__create_issue', 'gitlab/create_issue'],
      ['github__create_issue', 'github/create_issue'],
    ]);
    expect(deferred).toMatchObject({ metaTools: [], instruction: DEFERRED_INSTRUCTION, alwaysLoadFavourites: true });
    expect(deferred.leftOut.map((l) => l.reason)).toEqual(['name-too-long']);
    // A pin changes the order (and the fingerprint) but not one name.
    const eager = buildSurfaceDocument(source, catalog, 'eager');
    expect(Object.keys(deferred.names).sort()).toEqual(Object.keys(eager.names).sort());
    expect(buildSurfaceDocument(source, catalog, 'deferred').fingerprint).not.toBe(deferred.fingerprint);
  });

  it('serves the safe scheme: names within the budget of the server key, its instruction, and a new fingerprint', () => {
    const slash = buildSurfaceDocument(source, catalog, 'favindex');
    const safe = buildSurfaceDocument({ ...source, surface: { ...source.surface, naming: 'safe' } }, catalog, 'favindex');
    const long = `github/${'x'.repeat(70)}`;
    const shortened = Object.keys(safe.names).find((n) => safe.names[n] === long)!;
    expect(safe.names).toEqual({
      fav_github_create_issue: 'github/create_issue',
      fav_gitlab_create_issue: 'gitlab/create_issue',
      [shortened]: long,
      all_github_create_issue: 'github/create_issue',
      all_gitlab_create_issue: 'gitlab/create_issue',
    });
    // 64 less 'mcp__favindex__': 49 characters, the last 9 a '-' and 8 hex digits of the hash.
    expect(shortened).toMatch(/^all_github_x{29}-[0-9a-f]{8}$/);
    expect(safe).toMatchObject({ naming: 'safe', serverKey: 'favindex', instruction: DEFAULT_INSTRUCTIONS.safe, leftOut: [] });
    expect(safe.fingerprint).not.toBe(slash.fingerprint);
    // A longer key leaves less room, so the names and the fingerprint change again.
    const keyed = buildSurfaceDocument({ ...source, surface: { ...source.surface, naming: 'safe', serverKey: 'favindex-production' } }, catalog, 'favindex');
    expect(Object.keys(keyed.names).every((n) => n.length <= 64 - 'mcp__favindex-production__'.length)).toBe(true);
    expect(keyed.fingerprint).not.toBe(safe.fingerprint);
    // A custom instruction is sent as written.
    const custom = buildSurfaceDocument({ ...source, surface: { ...source.surface, naming: 'safe', instruction: 'Use fav_ first.' } }, catalog, 'favindex');
    expect(custom.instruction).toBe('Use fav_ first.');
  });

  it('keeps its fingerprint while the content is the same, whatever the versions say', () => {
    const a = buildSurfaceDocument(source, catalog, 'favindex');
    const b = buildSurfaceDocument({ ...source, version: { catalog: 9, favourites: 7, surface: 8 } }, prepareCatalog(catalog.servers), 'favindex');
    expect(b.fingerprint).toBe(a.fingerprint);
    const reordered = buildSurfaceDocument(
      { ...source, favourites: { ...source.favourites, tools: [...source.favourites.tools].reverse() } },
      catalog,
      'favindex',
    );
    expect(reordered.fingerprint).not.toBe(a.fingerprint);
    expect(buildSurfaceDocument(source, catalog, 'eager').fingerprint).not.toBe(a.fingerprint);
  });

  it('carries the argument checks, inside the fingerprint, so switching them reaches every proxy', () => {
    const observe = buildSurfaceDocument(source, catalog, 'favindex');
    const enforce = buildSurfaceDocument({ ...source, surface: { ...source.surface, argumentChecks: 'enforce' } }, catalog, 'favindex');
    expect(observe.argumentChecks).toBe('observe');
    expect(enforce.argumentChecks).toBe('enforce');
    expect(enforce.fingerprint).not.toBe(observe.fingerprint);
    // A document from a favindex older than the setting reads as its default.
    const { argumentChecks: _, ...older } = observe;
    expect(surfaceDocumentSchema.parse({ ...older }).argumentChecks).toBe('observe');
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

describe('surface document per token (§policy)', () => {
  const policy = {
    default: 'allow' as const,
    rules: [
      { effect: 'deny' as const, tools: ['github/*'], identities: ['token:ci'] },
      { effect: 'deny' as const, tools: ['gitlab/*'], identities: ['client:cursor'] },
    ],
  };

  it('holds no tool the token may not use, in the names or the favourites, and keeps client rules for the proxy', () => {
    for (const mode of ['favindex', 'deferred', 'eager', 'lazy'] as const) {
      const doc = buildSurfaceDocument({ ...source, policy: policyForToken(policy, 'ci') }, catalog, mode);
      expect(
        Object.values(doc.names).filter((c) => c.startsWith('github/')),
        mode,
      ).toEqual([]);
      expect(Object.values(doc.names)).toContain('gitlab/create_issue');
      expect(doc.favouriteIndex.tools).toEqual(['gitlab/create_issue']);
      expect(doc.leftOut).toEqual([]);
      expect(doc.policy?.rules).toEqual([{ effect: 'deny', tools: ['github/*'] }, policy.rules[1]]);
    }
    const other = buildSurfaceDocument({ ...source, policy: policyForToken(policy, 'other') }, catalog, 'favindex');
    expect(Object.values(other.names)).toContain('github/create_issue');
    expect(JSON.stringify(other)).not.toContain('token:ci');
    expect(other.fingerprint).not.toBe(buildSurfaceDocument({ ...source, policy: policyForToken(policy, 'ci') }, catalog, 'favindex').fingerprint);
  });
});
