import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { ClientTool } from './client-list';
import type { ClientId } from './clients';
import type { DeferralSettings, Visibility } from './deferral';
import { deferralPlan, type DeferralPlan } from './deferral-plan';
import type { TokenMethodId } from './targets';
import { listOverheadTokens, nameListTokens, toolTokens } from './tokens';
import { TOOL_SEARCHES } from './tool-search';
import type { ToolBody } from './types';
import { itemAt } from '@/lib/arrays';
import { kept } from '@/lib/kept';

/** What the model is shown of one tool before any search, and why. */
export interface ToolVisibility {
  visibility: Visibility;
  why: string;
  /** Its description is longer than the client keeps (Claude Code: 2,048 characters). */
  cut: boolean;
}

/** What the client defers of a list: nothing, every tool but those marked alwaysLoad, or every tool. */
export type Defers = 'nothing' | 'unmarked' | 'everything';

export interface VisibilitySummary {
  defers: Defers;
  full: number;
  name: number;
  hidden: number;
  /** Tools whose description the client cuts. */
  cut: number;
  /** What the model is given before any search: see TOKENS_UP_FRONT. */
  tokensUpFront: number;
  /** One search: the results it usually loads × the mean definition of a deferred tool; null when not known or nothing is deferred. */
  tokensPerSearch: number | null;
  search: { tool: string; results: number; source: string } | null;
  notes: string[];
}

export const TOKENS_UP_FRONT =
  'Up front: the full definition of every loaded tool (as the target counts a definition, descriptions cut where the client cuts them), plus the deferred tools as the client lists them — names one a line (with the description for OpenAI deferred functions), a source line per server for Codex, nothing for Anthropic-deferred tools — counted with o200k_base, plus the target’s per-request overhead when any tool is sent.';

const ALWAYS_LOAD = 'marked _meta["anthropic/alwaysLoad"]: kept loaded with its schema';
const AGENT = 'the agent’s own tool: the client loads it';

/** The body the model gets: the description cut where the client cuts it. */
const cutBodies = new WeakMap<ToolBody, Map<number, ToolBody>>();
function shownBody(body: ToolBody, limit: number | null): ToolBody {
  if (limit === null || (body.description?.length ?? 0) <= limit) return body;
  return kept(
    kept(cutBodies, body, () => new Map()),
    limit,
    () => ({ ...body, description: body.description?.slice(0, limit) }),
  );
}

/** Whether the plan depends on the list: only Claude Code's `auto` measures it; any other plan is the same for every list. */
export function planReadsList(client: ClientId, settings: DeferralSettings): boolean {
  return client === 'claude-code' && settings.toolSearch === 'auto';
}

/** The plan for a list: what every MCP tool the client sends would cost in full decides Claude Code's `auto`. */
export function planForList(client: ClientId, settings: DeferralSettings, tools: readonly ClientTool[], method: TokenMethodId): DeferralPlan {
  let mcp = 0;
  if (planReadsList(client, settings)) {
    for (const t of tools) if (t.received && t.source !== 'agent' && !t.placeholder) mcp += toolTokens(t.nameTokens, t.body, method);
  }
  return deferralPlan(client, settings, mcp);
}

/** The few levels of one view, one object each: thousands of tools share them, never changed. */
class Levels {
  private readonly byWhy = new Map<string, Partial<Record<`${Visibility}${'' | '-cut'}`, ToolVisibility>>>();

  of(visibility: Visibility, why: string, cut: boolean): ToolVisibility {
    let row = this.byWhy.get(why);
    if (!row) {
      row = {};
      this.byWhy.set(why, row);
    }
    const slot = cut ? (`${visibility}-cut` as const) : visibility;
    let level = row[slot];
    if (!level) {
      level = { visibility, why, cut };
      row[slot] = level;
    }
    return level;
  }
}

function levelOf(tool: ClientTool, plan: DeferralPlan, levels: Levels): ToolVisibility | null {
  const cut = plan.descriptionLimit !== null && (tool.body.description?.length ?? 0) > plan.descriptionLimit;
  if (!tool.received) {
    const grouped = tool.marks.find((m) => m.kind === 'grouped');
    return grouped ? levels.of('hidden', grouped.message, cut) : null;
  }
  if (tool.source === 'agent' && !plan.agentToolsToo) return levels.of('full', AGENT, false);
  if (plan.deferred === null) return levels.of('full', plan.why, cut);
  if (plan.honoursAlwaysLoad && tool.alwaysLoad) return levels.of('full', ALWAYS_LOAD, cut);
  return levels.of(plan.deferred, plan.why, cut);
}

/** How many tools of a view are at each level, and how many have their description cut. */
export interface VisibilityCounts {
  full: number;
  name: number;
  hidden: number;
  cut: number;
}

/** Every tool's level in this view, and how many are at each: what decides who refuses a request, with no token counted. */
export function visibilityLevels(tools: readonly ClientTool[], plan: DeferralPlan): { levels: (ToolVisibility | null)[]; count: VisibilityCounts } {
  const shared = new Levels();
  const levels = tools.map((t) => levelOf(t, plan, shared));
  const count = { full: 0, name: 0, hidden: 0, cut: 0 };
  for (const level of levels) {
    if (!level) continue;
    count[level.visibility]++;
    if (level.cut) count.cut++;
  }
  return { levels, count };
}

/**
 * What the model is given up front and per search, for the levels visibilityLevels gave the
 * tools. `sourceLine` is the server's source line where the client shows one (Codex: its key
 * and description).
 */
export function measureVisibility(
  tools: readonly ClientTool[],
  levels: readonly (ToolVisibility | null)[],
  count: VisibilityCounts,
  plan: DeferralPlan,
  method: TokenMethodId,
  sourceLine: string,
): VisibilitySummary {
  let fullTokens = 0;
  let sent = 0;
  const lines: string[] = [];
  const named: ClientTool[] = [];
  let deferredTokens = 0;
  let deferred = 0;
  for (let i = 0; i < tools.length; i++) {
    const tool = itemAt(tools, i);
    const level = levels[i];
    if (!level || tool.placeholder) continue;
    const body = shownBody(tool.body, plan.descriptionLimit);
    if (level.visibility === 'full') {
      fullTokens += toolTokens(tool.nameTokens, body, method);
      sent++;
      continue;
    }
    deferredTokens += toolTokens(tool.nameTokens, body, method);
    deferred++;
    if (level.visibility === 'name') {
      if (plan.nameWithDescription) lines.push(body.description ? `${tool.name}: ${body.description}` : tool.name);
      else named.push(tool);
      sent++;
    }
  }
  // With descriptions beside the names (OpenAI) the lines are counted whole; names alone, name by name.
  const nameTokens = lines.length > 0 ? countTokens(lines.join('\n')) : nameListTokens(named);
  const sourceTokens = plan.sourceLine && count.hidden > 0 ? countTokens(sourceLine) : 0;
  const overhead = sent > 0 || sourceTokens > 0 ? listOverheadTokens(method) : 0;
  const search = plan.search ? TOOL_SEARCHES[plan.search] : null;
  const results = search ? Math.min(search.results.usual, deferred) : 0;
  const tokensPerSearch = search && results > 0 ? Math.round((deferredTokens / deferred) * results) : null;
  return {
    defers: plan.deferred === null ? 'nothing' : plan.honoursAlwaysLoad ? 'unmarked' : 'everything',
    ...count,
    tokensUpFront: fullTokens + nameTokens + sourceTokens + overhead,
    tokensPerSearch,
    search: search ? { tool: search.tool, results: search.results.usual, source: search.source } : null,
    notes: visibilityNotes(plan, count, deferred, tokensPerSearch),
  };
}

function visibilityNotes(plan: DeferralPlan, count: { hidden: number; cut: number }, deferred: number, perSearch: number | null): string[] {
  const notes: string[] = [];
  if (plan.alsoLoaded && deferred > 0) notes.push(`${plan.alsoLoaded} is always loaded; the size of its own definition is not known and not counted.`);
  if (count.cut > 0 && plan.descriptionLimit !== null)
    notes.push(
      `${count.cut} description(s) over ${plan.descriptionLimit.toLocaleString('en-GB')} characters are cut there; tokens are counted on the cut text.`,
    );
  if (deferred > 0 && perSearch === null) notes.push('How many tools one search or lookup loads is not known: no figure per search.');
  if (plan.deferred === null && count.hidden > 0) notes.push('The virtual activate_* tools the client makes are not counted: their definitions are not known.');
  return notes;
}
