/**
 * Suggested routers and the placement of new tools (#49) over a 10,000-tool catalog (100 servers
 * of the demo tools, so every server holds look-alikes), and over one server of 5,000 (the most a
 * server may list). Each run gets fresh tool objects, so no token count or feature is kept from
 * the run before: the figures are cold, as for a catalog just uploaded. Baseline, same run: the
 * same fresh catalog prepared and its eager list's tokens estimated, which every preview does
 * (suggest and place are timed on a catalog already prepared, as the server's catalog cache holds it);
 * then suggest once more on the same catalog, warm.
 */
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { applySuggestion } from '@/lib/routers/apply';
import { placeNewTools } from '@/lib/routers/place';
import { suggestRouters } from '@/lib/routers/suggest';
import { buildModeList } from '@/lib/surface/modes';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { estimateTokens } from '@/lib/surface/tokens';
import { modeInputs } from '@/test/surface-catalogs';
import { largeCatalog, percentile, round } from './surface-support';

const RUNS = 5;
const SHAPES = { '100x100': [100, 100], '1x5000': [1, 5_000] } as const;

const fresh = (servers: number, perServer: number) =>
  prepareCatalog(largeCatalog(servers, perServer).map((s) => ({ name: s.server, tools: structuredClone(s.tools) })));

function timed<T>(work: () => T): [T, number] {
  const t0 = performance.now();
  const value = work();
  return [value, performance.now() - t0];
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

export async function run(): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  for (const [label, [servers, perServer]] of Object.entries(SHAPES)) {
    const times: Record<'suggest' | 'suggestWarm' | 'place' | 'baseline', number[]> = { suggest: [], suggestWarm: [], place: [], baseline: [] };
    let summary: Record<string, number> = {};
    // Interleaved, so a busy machine slows the work and its baseline alike.
    for (let i = 0; i < RUNS; i++) {
      const catalog = fresh(servers, perServer);
      const [result, suggestMs] = timed(() => suggestRouters(catalog, emptyRoutersConfig()));
      times.suggest.push(suggestMs);
      // Asked again of the same catalog, as a page is: its features and token counts are kept on it.
      times.suggestWarm.push(timed(() => suggestRouters(catalog, emptyRoutersConfig()))[1]);
      // The config once the ten biggest suggestions are taken; then 200 tools it does not place arrive new (one of each later suggestion, the lone ones).
      const current = result.suggestions.slice(0, 10).reduce((config, s) => {
        const applied = applySuggestion(config, s);
        return applied.ok ? applied.config : config;
      }, emptyRoutersConfig());
      const newTools = [...result.suggestions.slice(10).flatMap((s) => s.router.ops[0]?.tool ?? []), ...result.alone.map((a) => a.tool)].slice(0, 200);
      const again = fresh(servers, perServer);
      const [placed, placeMs] = timed(() => placeNewTools(again, current, newTools));
      times.place.push(placeMs);
      const [, baselineMs] = timed(() => estimateTokens(buildModeList('eager', fresh(servers, perServer), modeInputs()).tools, 'openai-functions'));
      times.baseline.push(baselineMs);
      summary = {
        tools: catalog.toolCount,
        suggestions: result.suggestions.length,
        alone: result.alone.length,
        toolsSaved: result.saves.tools.saved,
        tokensSaved: result.saves.tokens.saved,
        placements: placed.placements.length,
      };
    }
    const suggest = median(times.suggest);
    const baseline = median(times.baseline);
    figures[label] = {
      ...summary,
      suggestMedianMs: round(suggest),
      suggestWarmMedianMs: round(median(times.suggestWarm)),
      placeMedianMs: round(median(times.place)),
      baselinePrepareAndEagerTokensMedianMs: round(baseline),
      suggestRatioToBaseline: round(suggest / baseline),
    };
  }
  return figures;
}
