import type { Router, RoutersConfig } from '@/lib/schemas/routers';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import type { TokenMethodId } from '@/lib/surface/targets';
import { toolTokens } from '@/lib/surface/tokens';
import { routerTokens } from './definition';
import { catalogFeatures, type ToolFeatures } from './features';
import { groupTools, type ToolGroup } from './groups';
import { aloneReason, routerOf, whyOf } from './naming';

/**
 * Suggested routers (#49): the catalog's unplaced tools grouped by what they act on and by one
 * act over one input shape, each group folded into one router, with why its tools belong
 * together and what folding them saves. Tools the current routers already place are left out;
 * a tool with no honest sibling is reported alone, with the reason a singleton would carry.
 */

export interface SuggestOptions {
  /** How tokens are counted (the project target's method); OpenAI's by default, as the default target is. */
  tokenMethod?: TokenMethodId;
}

/** What presenting a router instead of its tools one by one saves. */
export interface Savings {
  /** Tools presented: `before` one by one, `after` as routers. */
  tools: { before: number; after: number; saved: number };
  /** The tools' definitions under their typed names (`server__tool`, as eager mode presents them) against the router's own. */
  tokens: { before: number; after: number; saved: number; method: TokenMethodId };
}

export interface RouterSuggestion {
  /** Valid by routerSchema; its name is free among the current routers and the other suggestions. */
  router: Router;
  /** `noun`: tools acting on one thing (`get_issue`, `list_issues`); `verb`: one act over several things with one input shape (`search_code`, `search_users`). */
  kind: ToolGroup['kind'];
  server: string;
  /** Why these tools belong together, in one sentence. */
  why: string;
  saves: Savings;
}

export interface AloneTool {
  tool: string;
  /** Why it has no sibling: the reason a singleton of it would carry. */
  reason: string;
}

export interface RouterSuggestions {
  /** Most tools saved first, then most tokens saved, then in catalog order. */
  suggestions: RouterSuggestion[];
  /** Unplaced tools no suggestion takes, in catalog order. */
  alone: AloneTool[];
  /** All the suggestions together. */
  saves: Savings;
}

/** Every `server/tool` the config places, as an op or a singleton. */
export function placedTools(config: RoutersConfig): Set<string> {
  const placed = new Set<string>();
  for (const router of config.routers) for (const op of router.ops) placed.add(op.tool);
  for (const singleton of config.singletons) placed.add(singleton.tool);
  return placed;
}

/** The catalog tools the config places nowhere, in catalog order. */
export function unplacedTools(catalog: PreparedCatalog, config: RoutersConfig): ToolFeatures[] {
  const placed = placedTools(config);
  return catalogFeatures(catalog).all.filter((t) => !placed.has(t.canonical));
}

export function savingsOf(members: readonly ToolFeatures[], routers: readonly Router[], method: TokenMethodId): Savings {
  let before = 0;
  for (const m of members) before += toolTokens(m.typedName, m.tool, method);
  let after = 0;
  for (const router of routers) after += routerTokens(router, method);
  return {
    tools: { before: members.length, after: routers.length, saved: members.length - routers.length },
    tokens: { before, after, saved: before - after, method },
  };
}

/** A group's suggestion; its router's name joins `taken`. */
export function suggestionOf(group: ToolGroup, taken: Set<string>, method: TokenMethodId): RouterSuggestion {
  const router = routerOf(group, taken);
  return { router, kind: group.kind, server: group.server, why: whyOf(group), saves: savingsOf(group.members, [router], method) };
}

export function suggestRouters(catalog: PreparedCatalog, current: RoutersConfig, options: SuggestOptions = {}): RouterSuggestions {
  const method = options.tokenMethod ?? 'openai-functions';
  const { groups, alone } = groupTools(unplacedTools(catalog, current));
  const taken = new Set(current.routers.map((r) => r.name));
  const order = new Map<RouterSuggestion, number>();
  const suggestions = groups.map((group) => {
    const suggestion = suggestionOf(group, taken, method);
    order.set(suggestion, group.members[0]?.index ?? 0);
    return suggestion;
  });
  suggestions.sort(
    (a, b) => b.saves.tools.saved - a.saves.tools.saved || b.saves.tokens.saved - a.saves.tokens.saved || (order.get(a) ?? 0) - (order.get(b) ?? 0),
  );
  const sum = (pick: (s: Savings) => number) => suggestions.reduce((total, s) => total + pick(s.saves), 0);
  const tokensBefore = sum((s) => s.tokens.before);
  const tokensAfter = sum((s) => s.tokens.after);
  return {
    suggestions,
    alone: alone.map((t) => ({ tool: t.canonical, reason: aloneReason(t) })),
    saves: {
      tools: { before: sum((s) => s.tools.before), after: suggestions.length, saved: sum((s) => s.tools.saved) },
      tokens: { before: tokensBefore, after: tokensAfter, saved: tokensBefore - tokensAfter, method },
    },
  };
}
