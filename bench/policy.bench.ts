/**
 * What the tool policy (issue #24) costs where it runs, on a 2,000-tool catalog (40 servers of
 * 50) and a 24-rule policy of globs, servers, annotations, tokens and clients. Each measure has
 * its baseline in the same run, the same work without a policy:
 * - a token's surface document (what /surface renders once per change): buildSurfaceDocument
 *   with the token's narrowed policy against the same without one;
 * - a proxy session's first list after its servers listed tools (favindex mode, safe names):
 *   prepareCatalog, catalogForIdentity and presentedList, against prepareCatalog and
 *   presentedList (later lists are cached per catalog, policy and client, and cost a lookup);
 * - one call's decision (decide), against resolving its name in a Map, what every call does anyway.
 * Goals: the document within 4× (it is rendered once per change and token, not per poll), the
 * first list within 1.5×, a decision under 5 µs.
 */
import { decide } from '@/lib/policy/decide';
import { catalogForIdentity } from '@/lib/policy/for-identity';
import { policyForToken } from '@/lib/policy/narrow';
import { type ToolPolicy, toolPolicySchema } from '@/lib/schemas/policy';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { presentedList, presentedSurfaceOf } from '@/lib/surface/presented';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { largeCatalog, percentile, round } from './surface-support';

const ROUNDS = Number(process.env.FAVINDEX_BENCH_POLICY_ROUNDS ?? 40);
const DECISIONS = 200_000;

function benchPolicy(servers: string[]): ToolPolicy {
  const rules = [
    ...servers.slice(0, 8).map((s) => ({ effect: 'deny', tools: [`${s}/delete_*`, `${s}/drop_*`], identities: ['token:ci'] })),
    ...servers.slice(8, 16).map((s) => ({ effect: 'deny', servers: [s], identities: ['client:cursor', 'token:support'] })),
    { effect: 'allow', annotations: { readOnlyHint: true }, identities: ['token:support'] },
    { effect: 'deny', identities: ['token:support'] },
    ...servers.slice(16, 22).map((s) => ({ effect: 'deny', tools: [`${s}/*_${s.length % 7}`], identities: ['client:codex'] })),
  ];
  return toolPolicySchema.parse({ default: 'allow', rules });
}

function timed(work: () => unknown): number {
  const t0 = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const median = (ms: number[]) =>
  percentile(
    [...ms].sort((a, b) => a - b),
    0.5,
  );

export async function run(): Promise<Record<string, unknown>> {
  const servers = largeCatalog(40, 50);
  const catalog = prepareCatalog(servers.map((s) => ({ name: s.server, tools: s.tools })));
  const policy = benchPolicy(servers.map((s) => s.server));
  const narrowed = policyForToken(policy, 'ci');
  const surface = defaultSurfaceConfig();
  const favourites = { enabled: true, maxFavourites: 15, tools: catalog.entries.slice(0, 15).map((e) => e.canonical) };
  // Favourites first mode: a project of this bench has no routers.
  const routers = emptyRoutersConfig();
  const source = { project: 'bench', version: { catalog: 1, favourites: 1, surface: 1 }, surface, favourites, routers };
  const presented = presentedSurfaceOf(surface, favourites, { routers });

  const doc = { base: [] as number[], policy: [] as number[] };
  const list = { base: [] as number[], policy: [] as number[] };
  let kept = 0;
  for (let r = 0; r < ROUNDS; r++) {
    doc.base.push(timed(() => buildSurfaceDocument(source, catalog, 'favindex')));
    doc.policy.push(timed(() => buildSurfaceDocument({ ...source, policy: narrowed }, catalog, 'favindex')));
    const raw = servers.map((s) => ({ name: s.server, tools: structuredClone(s.tools) }));
    list.base.push(timed(() => presentedList(presented, prepareCatalog(raw))));
    const again = servers.map((s) => ({ name: s.server, tools: structuredClone(s.tools) }));
    list.policy.push(
      timed(() => {
        kept = presentedList(presented, catalogForIdentity(prepareCatalog(again), narrowed, { token: null, client: 'codex' })).tools.length;
      }),
    );
  }

  const tools = catalog.entries.map((e) => ({ canonical: e.canonical, server: e.server, annotations: e.tool.annotations }));
  const byName = new Map(catalog.entries.map((e) => [e.typedName, e]));
  const names = catalog.entries.map((e) => e.typedName);
  const identity = { token: 'support', client: 'codex' };
  let allowed = 0;
  const decideStart = process.hrtime.bigint();
  for (let i = 0; i < DECISIONS; i++) if (decide(policy, identity, tools[i % tools.length]!).allowed) allowed++;
  const decideNs = Number(process.hrtime.bigint() - decideStart) / DECISIONS;
  let found = 0;
  const lookupStart = process.hrtime.bigint();
  for (let i = 0; i < DECISIONS; i++) if (byName.get(names[i % names.length]!)) found++;
  const lookupNs = Number(process.hrtime.bigint() - lookupStart) / DECISIONS;

  const docRatio = round(median(doc.policy) / median(doc.base));
  const listRatio = round(median(list.policy) / median(list.base));
  return {
    tools: catalog.toolCount,
    rules: policy.rules.length,
    rounds: ROUNDS,
    documentMs: { baseline: round(median(doc.base), 2), withPolicy: round(median(doc.policy), 2), ratio: docRatio },
    sessionListMs: { baseline: round(median(list.base), 2), withPolicy: round(median(list.policy), 2), ratio: listRatio, listed: kept },
    decisionUs: { mean: round(decideNs / 1000, 3), nameLookupUs: round(lookupNs / 1000, 3), allowedShare: round(allowed / DECISIONS, 3), found },
    goalMet: docRatio <= 4 && listRatio <= 1.5 && decideNs / 1000 < 5,
  };
}
