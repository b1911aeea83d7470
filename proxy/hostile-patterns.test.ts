import { describe, expect, it } from 'vitest';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { callTestBed, sessionOf } from '@/test/proxy-call-state';
import { handleCall } from './calls';

/**
 * A server's schema is input we did not write (§arguments). `^(a+)+$` against "a"×30 + "!"
 * backtracks for minutes on V8's engine; on the proxy's enforce check that held every session of
 * the proxy, pings included. The test's own time-out is the assertion that it no longer does.
 */
const SERVERS: { name: string; tools: CatalogTool[] }[] = [
  {
    name: 'names',
    tools: [
      {
        name: 'greet',
        description: 'Greet a name made of the letter a',
        inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } }, required: ['name'] },
      },
    ],
  },
];

const { bed, spool, proxyState } = callTestBed(SERVERS);

function enforcingProxy() {
  const { state, upstreams } = proxyState();
  const surface = { ...defaultSurfaceConfig(), mode: 'eager' as const, argumentChecks: 'enforce' as const };
  const document = buildSurfaceDocument(
    { project: 'p', version: { catalog: 1, favourites: 1, surface: 1 }, surface, favourites: { enabled: true, maxFavourites: 15, tools: [] }, policy: null },
    prepareCatalog(SERVERS),
    'eager',
  );
  state.setSurface({ document, etag: `"${document.fingerprint}"`, revision: 1 });
  const name = state.presenter.listing(sessionOf(null)).tools[0]?.name ?? 'none';
  return { state, upstream: upstreams[0], name };
}

describe('the enforce check and a catastrophic pattern from a server', () => {
  it('refuses a value the pattern does not match at once, and passes one it does to the server', { timeout: 5_000 }, async () => {
    const { state, upstream, name } = enforcingProxy();
    const refused = await handleCall(state, spool, sessionOf(null), { name, arguments: { name: `${'a'.repeat(30)}!` } });
    expect(refused.isError).toBe(true);
    expect(upstream?.called).toEqual([]);
    await handleCall(state, spool, sessionOf(null), { name, arguments: { name: 'a'.repeat(5_000) } });
    expect(upstream?.called).toEqual(['names/greet']);
    expect(bed.traces.map((t) => [t.status, t.errorCode])).toEqual([
      ['error', 'invalid_arguments'],
      ['ok', undefined],
    ]);
  });
});
