import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { defaultSurfaceConfig, SURFACE_MODES } from '@/lib/schemas/surface-config';
import { CLIENT_TARGETS } from './client-targets';
import { CLIENT_IDS } from './clients';
import { type PreparedCatalog, prepareCatalog } from './prepared-catalog';
import { forgetCheckedModes } from './preview';
import { encodedPreviewResponse } from './preview-bytes';
import { buildPreviewResponse, type PreviewSources } from './preview-response';
import { searchIndexSlices } from './retrieve';
import type { TokenMethodId } from './targets';
import { countDefinitionAhead } from './tokens';
import { emptyRoutersConfig } from '@/lib/schemas/routers';

const METHODS: readonly TokenMethodId[] = ['openai-functions', 'anthropic-tools'];

/**
 * What the first questions about a catalog would otherwise wait for, a slice at a time: every
 * tool's definition counted by both token methods (a first preview at a target of the other
 * method, a first client that defers), then the search index (a first query). Each slice is the
 * work a preview does itself on first need, through the same functions, so a preview that comes
 * before the warm-up is done finds less left to do and nothing different.
 */
export function* catalogWarmUp(catalog: PreparedCatalog, slice = 200): Generator<void, void, void> {
  for (const method of METHODS) {
    for (let i = 0; i < catalog.entries.length; i += slice) {
      for (const entry of catalog.entries.slice(i, i + slice)) countDefinitionAhead(entry.tool, method);
      yield;
    }
  }
  yield* searchIndexSlices(catalog, slice);
}

/** Copies of the demo catalog's servers the code warm-up previews: about 1,000 tools, enough for its loops to be compiled as a large catalog's are. */
const WARM_UP_COPIES = 14;

/**
 * The code a first question through a client runs, made ready once per process: a catalog of
 * the demo's tools (its servers copied to about 1,000 tools) previewed through every client at
 * every target it reaches, as the Surface page asks (each mode's summary, then a page of the
 * configured mode's list, with a query), answered and encoded as a request is, one mode per
 * slice. A process runs the code of a client it has not previewed through cold: it compiles it
 * while the first question waits (measured at 10,000 tools: a first client's preview took 1.5 to
 * 2.5 times the CPU of the next, most of it compiling), and code that ran on a hundred tools was
 * compiled again for the first large list. It reads no database and changes no answer: the
 * lists it makes are given up as soon as each client's are done, and the names' forms and
 * counts it keeps are kept as any preview's are.
 */
export function* codeWarmUp(): Generator<void, void, void> {
  const servers = DEMO_SERVERS.flatMap((s) => Array.from({ length: WARM_UP_COPIES }, (_, i) => ({ name: `${s.server}-${i + 1}`, tools: s.tools })));
  const catalog = prepareCatalog(servers);
  const surface = defaultSurfaceConfig();
  const sources: PreviewSources = {
    project: 'favindex-warm-up',
    surface,
    favourites: { enabled: true, maxFavourites: 15, tools: catalog.entries.slice(0, 3).map((e) => e.canonical) },
    catalog,
    routers: emptyRoutersConfig(),
    recorded: null,
    proxies: null,
    policy: { identity: { token: null, client: null }, hidden: [] },
  };
  const answer = (asked: Record<string, string>) => encodedPreviewResponse(buildPreviewResponse(sources, previewQuerySchema.parse(asked)));
  for (const client of CLIENT_IDS) {
    for (const target of CLIENT_TARGETS[client].targets) {
      // A custom target needs the project's cap.
      if (target === 'custom') continue;
      const asked = { client, target, agentTools: '2', query: 'create an issue' };
      for (const mode of SURFACE_MODES) {
        answer({ ...asked, mode, limit: '0' });
        yield;
      }
      // The page's summary, from the lists just made, and a page of the configured mode's list.
      answer({ ...asked, mode: 'all', limit: '0' });
      answer({ ...asked, mode: surface.mode, detail: 'full', limit: '50' });
      // No one previews this catalog: its lists make room for the next client's as soon as they are done.
      forgetCheckedModes(catalog);
      yield;
    }
  }
}
