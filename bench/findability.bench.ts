/**
 * Findability of every tool of a 2,000-tool catalog (20 servers of the demo tools, so every tool
 * has look-alikes: the worst case for sibling lists), per search: Codex's BM25, Anthropic's BM25
 * (which also reads argument names and descriptions) and Anthropic's regex. Goal: well under a
 * second warm. Baseline, same run: the preview of all six modes of the same catalog through
 * Claude Code, which the page beside the panel computes on every change.
 */
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { CLIENTS } from '@/lib/surface/clients';
import { findability } from '@/lib/surface/findability';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { previewModes } from '@/lib/surface/preview';
import { resolveTarget } from '@/lib/surface/targets';
import { TOOL_SEARCHES } from '@/lib/surface/tool-search';
import { modeInputs } from '@/test/surface-catalogs';
import { largeCatalog, percentile, round } from './surface-support';

const SERVERS = 20;
const PER_SERVER = 100;
const RUNS = 7;
const SEARCHES = ['codex', 'anthropic-bm25', 'anthropic-regex'] as const;

export async function run(): Promise<Record<string, unknown>> {
  const servers = largeCatalog(SERVERS, PER_SERVER).map((s) => ({ name: s.server, tools: s.tools }));
  const catalog = prepareCatalog(servers);
  const deferred = catalog.entries.map((e) => e.canonical);
  const testQueries = deferred.filter((_, i) => i % 20 === 0).map((tool) => ({ query: 'create a pull request for a branch', tool }));
  const inputs = modeInputs({
    agentTools: 56,
    query: 'create a pull request for a branch',
    favourites: { enabled: true, maxFavourites: 15, tools: deferred.slice(0, 15) },
  });
  const target = resolveTarget(defaultSurfaceConfig().target, null);
  const client = { profile: CLIENTS['claude-code'], serverKey: 'favindex' };
  const report = (id: (typeof SEARCHES)[number]) => findability({ catalog, deferred, loaded: [], search: TOOL_SEARCHES[id], testQueries });
  const preview = () => previewModes('all', catalog, inputs, target, 'names', client);

  const cold: Record<string, number> = {};
  for (const id of SEARCHES) {
    const t0 = performance.now();
    report(id);
    cold[id] = round(performance.now() - t0);
  }
  preview();

  // Interleaved, so a busy machine slows every search and the baseline alike.
  const times: Record<string, number[]> = { preview: [], ...Object.fromEntries(SEARCHES.map((id) => [id, []])) };
  let summary: Record<string, unknown> = {};
  for (let i = 0; i < RUNS; i++) {
    for (const id of SEARCHES) {
      const t0 = performance.now();
      summary[id] = report(id).summary;
      times[id]!.push(performance.now() - t0);
    }
    const t0 = performance.now();
    preview();
    times.preview!.push(performance.now() - t0);
  }
  const median = (xs: number[]) =>
    round(
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      ),
    );
  const baseline = median(times.preview!);
  const warm = Object.fromEntries(SEARCHES.map((id) => [id, median(times[id]!)]));
  summary = Object.fromEntries(Object.entries(summary).map(([id, s]) => [id, { flagged: (s as { flagged: number }).flagged }]));
  return {
    tools: catalog.toolCount,
    testQueries: testQueries.length,
    coldMs: cold,
    warmMedianMs: warm,
    baselinePreviewMedianMs: baseline,
    ratioToPreview: Object.fromEntries(SEARCHES.map((id) => [id, round(warm[id]! / baseline)])),
    flagged: summary,
  };
}
