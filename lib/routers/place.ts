import { ROUTER_LIMITS, type RouterOp, type RoutersConfig, type Singleton } from '@/lib/schemas/routers';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import type { TokenMethodId } from '@/lib/surface/targets';
import { catalogFeatures, type ToolFeatures } from './features';
import { groupTools } from './groups';
import { aloneReason, noteOf, opName } from './naming';
import { SAME_SHAPE, shapeSimilarity } from './shape';
import { placedTools, type RouterSuggestion, suggestionOf } from './suggest';
import { pluralPhrase } from './words';

/**
 * Where each new tool of a changed catalog goes (#49), by the rule the team follows: an existing
 * router owns its shape → a new op there; a new shape with at least one unplaced sibling → a new
 * router with its ops; a true one-off → a singleton, its reason written down.
 */

export type PlacementRule = 'existing-router' | 'new-router' | 'singleton';

export type Placement =
  | { tool: string; rule: 'existing-router'; router: string; op: RouterOp; why: string }
  | { tool: string; rule: 'new-router'; router: string; why: string }
  | { tool: string; rule: 'singleton'; singleton: Singleton; why: string };

export interface PlacementProposal {
  /** One per new tool that was unplaced, in catalog order. */
  placements: Placement[];
  /** The routers `new-router` placements name, each with all its ops: the new tools and their unplaced siblings. */
  newRouters: RouterSuggestion[];
  /** New tools given that the catalog does not list, or that the config already places. */
  skipped: { tool: string; reason: string }[];
}

/** What an existing router's ops act on and do: its ops' tools, by topic and by verb. */
interface RouterProfile {
  name: string;
  /** Its op names, those proposed here joining them, so two new ops never share a name. */
  ops: Set<string>;
  tools: ToolFeatures[];
}

/** More than this share of a router's ops must act on a noun (or do a verb) for the router to own it; a router of one op owns its tool's. */
const OWNING_SHARE = 0.5;

function profiles(catalog: PreparedCatalog, current: RoutersConfig): RouterProfile[] {
  const { byCanonical } = catalogFeatures(catalog);
  return current.routers.map((router) => ({
    name: router.name,
    ops: new Set(router.ops.map((o) => o.op)),
    tools: router.ops.flatMap((o) => byCanonical.get(o.tool) ?? []),
  }));
}

/** Routers by `server\0topic` they own, and routers of no one thing by `server\0verb`, so a new tool looks up its candidates instead of scanning every router. */
function owners(routers: readonly RouterProfile[]): { byNoun: Map<string, RouterProfile[]>; byVerb: Map<string, RouterProfile[]> } {
  const byNoun = new Map<string, RouterProfile[]>();
  const byVerb = new Map<string, RouterProfile[]>();
  const add = (map: Map<string, RouterProfile[]>, key: string, router: RouterProfile) => map.set(key, [...(map.get(key) ?? []), router]);
  for (const router of routers) {
    const counts = (key: (t: ToolFeatures) => string | null) => {
      const tally = new Map<string, number>();
      for (const t of router.tools) {
        const k = key(t);
        if (k !== null) tally.set(k, (tally.get(k) ?? 0) + 1);
      }
      return [...tally].filter(([, n]) => n > router.tools.length * OWNING_SHARE || router.tools.length === 1).map(([k]) => k);
    };
    const nouns = counts((t) => (t.topic === null ? null : `${t.server}\u0000${t.topic}`));
    for (const key of nouns) add(byNoun, key, router);
    // A router of one thing (github_issue: get, list, create…) owns that thing, not the acts it happens to hold.
    if (nouns.length === 0) for (const key of counts((t) => (t.verb === null ? null : `${t.server}\u0000${t.verb}`))) add(byVerb, key, router);
  }
  return { byNoun, byVerb };
}

const hasRoom = (router: RouterProfile) => router.ops.size < ROUTER_LIMITS.opsPerRouter;

/** The existing router that owns the tool's shape, and in what words: its noun first, else its verb with a like input. */
function owningRouter(tool: ToolFeatures, owned: ReturnType<typeof owners>): { router: RouterProfile; kind: 'noun' | 'verb'; why: string } | null {
  const byNoun = tool.topic === null ? undefined : owned.byNoun.get(`${tool.server}\u0000${tool.topic}`);
  const noun = byNoun?.find(hasRoom);
  if (noun && tool.topic !== null) {
    return {
      router: noun,
      kind: 'noun',
      why: `${noun.name} owns ${pluralPhrase([tool.topic])} of ${tool.server} (as ${sample(noun, (t) => t.topic === tool.topic)}), and ${tool.canonical} acts on them too.`,
    };
  }
  const byVerb = tool.verb === null ? [] : (owned.byVerb.get(`${tool.server}\u0000${tool.verb}`) ?? []);
  for (const router of byVerb.filter(hasRoom)) {
    const like = router.tools.find((t) => t.verb === tool.verb && shapeSimilarity(t.shape, tool.shape) >= SAME_SHAPE);
    if (like)
      return {
        router,
        kind: 'verb',
        why: `${router.name} does one act, ${tool.verb}, in ${tool.server}, and ${tool.canonical} does it with an input like ${like.canonical}'s.`,
      };
  }
  return null;
}

/** `get_issue does`, `list_issues, update_issue and 3 more do`: the router's ops that act on the noun. */
function sample(router: RouterProfile, pick: (t: ToolFeatures) => boolean): string {
  const names = router.tools.filter(pick).map((t) => t.tool.name);
  if (names.length > 3) return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more do`;
  return names.length === 1 ? `${names[0]} does` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} do`;
}

export interface PlaceOptions {
  tokenMethod?: TokenMethodId;
}

export function placeNewTools(catalog: PreparedCatalog, current: RoutersConfig, newTools: readonly string[], options: PlaceOptions = {}): PlacementProposal {
  const method = options.tokenMethod ?? 'openai-functions';
  const { all, byCanonical } = catalogFeatures(catalog);
  const placed = placedTools(current);
  const skipped: PlacementProposal['skipped'] = [];
  const fresh = new Set<ToolFeatures>();
  for (const name of new Set(newTools)) {
    const tool = byCanonical.get(name);
    if (!tool) skipped.push({ tool: name, reason: `${name} is not in the catalog` });
    else if (placed.has(name)) skipped.push({ tool: name, reason: `${name} is already placed` });
    else fresh.add(tool);
  }
  const placements = new Map<ToolFeatures, Placement>();
  const routers = profiles(catalog, current);
  const owned = owners(routers);
  for (const tool of [...fresh].sort((a, b) => a.index - b.index)) {
    const owner = owningRouter(tool, owned);
    if (!owner) continue;
    const key = owner.kind === 'noun' ? [tool.topic ?? ''] : [tool.verb ?? ''];
    const op = { op: opName(tool, owner.kind, key, owner.router.ops), tool: tool.canonical, note: noteOf(tool) };
    placements.set(tool, { tool: tool.canonical, rule: 'existing-router', router: owner.router.name, op, why: owner.why });
  }
  // The rest are grouped with every unplaced tool of their servers, as suggestRouters groups them.
  const servers = new Set([...fresh].filter((t) => !placements.has(t)).map((t) => t.server));
  const candidates = all.filter((t) => servers.has(t.server) && !placed.has(t.canonical) && !placements.has(t));
  const { groups, alone } = groupTools(candidates);
  const taken = new Set(current.routers.map((r) => r.name));
  const newRouters: RouterSuggestion[] = [];
  for (const group of groups) {
    const newcomers = group.members.filter((m) => fresh.has(m));
    if (newcomers.length === 0) continue;
    const suggestion = suggestionOf(group, taken, method);
    newRouters.push(suggestion);
    const siblings = group.members.filter((m) => !fresh.has(m)).map((m) => m.canonical);
    const more = siblings.length > 5 ? ` and ${siblings.length - 5} more` : '';
    const also = siblings.length > 0 ? ` Its unplaced siblings join it: ${siblings.slice(0, 5).join(', ')}${more}.` : '';
    for (const tool of newcomers)
      placements.set(tool, { tool: tool.canonical, rule: 'new-router', router: suggestion.router.name, why: `${suggestion.why}${also}` });
  }
  for (const tool of alone) {
    if (!fresh.has(tool)) continue;
    const reason = aloneReason(tool);
    placements.set(tool, { tool: tool.canonical, rule: 'singleton', singleton: { tool: tool.canonical, reason }, why: reason });
  }
  return { placements: [...placements].sort(([a], [b]) => a.index - b.index).map(([, p]) => p), newRouters, skipped };
}
