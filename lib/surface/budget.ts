import type { RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceConfig, SurfaceLimits, SurfaceMode } from '@/lib/schemas/surface-config';
import { countOf, someOf } from '@/lib/format';
import { agentToolCount } from './fixed-tools';
import type { ListedTool, ModeList } from './types';

/**
 * What a list is made of, counting only the tools that count against the attention budget
 * (§routers): the agent's own and every tool the model is shown before any search.
 */
export interface ListShape {
  agent: number;
  /** favindex's own tools: mcp_find_tools, mcp_invoke_tool. */
  meta: number;
  /** Favourites listed under a favourite name besides their own place (favourites first, routers), in pinned order: what an unpin takes out. */
  favourites: string[];
  routers: number;
  /** Singletons the routers name, with their reason. */
  singletons: number;
  /** Catalog tools the routers mode lists on their own because no router or singleton names them, in list order. */
  unplaced: string[];
  /** Every other catalog tool listed on its own: typed, `all` names, deferred's favourites, activations, search results. */
  catalog: number;
}

/** The attention budget against one list: how far over it is, and what would have to leave first. */
export interface BudgetCheck {
  toolBudget: number;
  counted: number;
  overBy: number;
  /** Over the budget: by how much and what would have to leave first, in one sentence; null within it. */
  message: string | null;
}

/** The modes that list a favourite twice: under its favourite name, and in its own place. */
const SECOND_NAMES: ReadonlySet<SurfaceMode> = new Set(['favindex', 'routers']);

/**
 * The shape of a mode's list, of the tools `counts` says count (a client may leave some out, or
 * hide them behind a search). `singletons` are the tools the routers keep on their own.
 */
export function listShape(
  mode: SurfaceMode,
  tools: readonly ListedTool[],
  singletons: ReadonlySet<string>,
  counts: (i: number) => boolean = () => true,
): ListShape {
  const shape: ListShape = { agent: 0, meta: 0, favourites: [], routers: 0, singletons: 0, unplaced: [], catalog: 0 };
  for (const [i, tool] of tools.entries()) {
    if (!counts(i)) continue;
    if (tool.source === 'agent') shape.agent++;
    else if (tool.source === 'meta') shape.meta++;
    else if (tool.source === 'router') shape.routers++;
    else if (tool.source === 'favourite' && SECOND_NAMES.has(mode) && tool.canonical !== null) shape.favourites.push(tool.canonical);
    else if (tool.source === 'singleton' && tool.canonical !== null && !singletons.has(tool.canonical)) shape.unplaced.push(tool.canonical);
    else if (tool.source === 'singleton') shape.singletons++;
    else shape.catalog++;
  }
  return shape;
}

export function countedOf(shape: ListShape): number {
  return shape.agent + shape.meta + shape.favourites.length + shape.routers + shape.singletons + shape.unplaced.length + shape.catalog;
}

/** One thing that can leave the list: how many of it there are, and the words for taking `n` of them out. */
interface Lever {
  count: number;
  say: (n: number) => string;
}

/** What can leave a mode's list, first things first; `rest` says what is over when every lever is pulled. */
function leversOf(mode: SurfaceMode, shape: ListShape, limits: SurfaceLimits): { levers: Lever[]; rest: ((n: number, more: string) => string) | null } {
  const { favourites } = shape;
  // The last pinned are the last a model reads: they leave first.
  const unpin: Lever = {
    count: favourites.length,
    say: (n) => `unpin ${countOf(n, 'favourite')} (${someOf(favourites.slice(-n), 3)}; this mode lists each twice)`,
  };
  switch (mode) {
    case 'favindex':
      return { levers: [unpin], rest: (n, more) => `${countOf(n, 'catalog tool')}${more} would have to leave: this mode lists every one` };
    case 'routers': {
      const { unplaced } = shape;
      const fold: Lever = {
        count: unplaced.length,
        // The tools in no router come last: the ones past the budget are the last of them.
        say: (n) =>
          `fold ${n === unplaced.length ? 'the' : `${n} of the`} ${countOf(unplaced.length, 'tool')} in no router into routers (${someOf(unplaced.slice(-n), 3)})`,
      };
      const singletons: Lever = { count: shape.singletons, say: (n) => `fold ${countOf(n, 'singleton')} into routers` };
      return { levers: [fold, unpin, singletons], rest: (n, more) => `merge routers: ${n}${more} over with ${countOf(shape.routers, 'router')} listed` };
    }
    case 'lazy':
    case 'pinned':
      // Pinned servers' tools share the activations' budget, so one limit holds both.
      return {
        levers: [
          { count: shape.catalog, say: (n) => `lower maxActivatedToolsPerSession to ${Math.min(limits.maxActivatedToolsPerSession, shape.catalog - n)}` },
        ],
        rest: null,
      };
    case 'retrieve':
      return { levers: [{ count: shape.catalog, say: (n) => `lower retrieveK to ${Math.max(1, shape.catalog - n)}` }], rest: null };
    case 'eager':
    case 'deferred':
      return {
        levers: [
          {
            count: shape.catalog,
            say: (n) => `${countOf(n, 'catalog tool')} would have to leave the catalog or be kept back by the tool policy: this mode lists every one`,
          },
        ],
        rest: null,
      };
    case 'off':
      return { levers: [], rest: null };
  }
}

/**
 * The list against the attention budget (`surface.toolBudget`, §routers): within it, or how far
 * over and what would have to leave first: the mode's own levers in order (favourites first: the
 * favourites' second names; routers: the tools in no router, then favourites, then singletons;
 * the modes that grow by session or search: their limit), or else the agent's own tools.
 */
export function budgetCheck(mode: SurfaceMode, shape: ListShape, toolBudget: number, limits: SurfaceLimits): BudgetCheck {
  const counted = countedOf(shape);
  const overBy = Math.max(0, counted - toolBudget);
  if (overBy === 0) return { toolBudget, counted, overBy, message: null };
  const fixed = shape.agent + shape.meta;
  const parts: string[] = [];
  if (fixed > toolBudget) {
    const favindex = shape.meta > 0 ? ` and favindex's ${shape.meta}` : '';
    parts.push(`the agent's own ${countOf(shape.agent, 'tool')}${favindex} alone are past it: give the agent fewer or raise surface.toolBudget`);
  } else {
    const { levers, rest } = leversOf(mode, shape, limits);
    let left = overBy;
    for (const lever of levers) {
      const n = Math.min(left, lever.count);
      if (n === 0) continue;
      parts.push(lever.say(n));
      left -= n;
      if (left === 0) break;
    }
    if (left > 0 && rest) parts.push(rest(left, parts.length > 0 ? ' more' : ''));
  }
  return { toolBudget, counted, overBy, message: `${countOf(counted, 'tool')}, ${overBy} over the attention budget of ${toolBudget}: ${parts.join('; ')}.` };
}

/**
 * The attention budget of a list a proxy presents (presentedList), with the agent's own tools,
 * which the client lists beside it: how a write (a pin, the routers, a surface change) is judged.
 */
export function presentedBudget(surface: Pick<SurfaceConfig, 'agentTools' | 'toolBudget' | 'limits'>, list: ModeList, routers: RoutersConfig): BudgetCheck {
  const singletons = new Set(list.mode === 'routers' ? routers.singletons.map((s) => s.tool) : []);
  const shape = listShape(list.mode, list.tools, singletons);
  shape.agent += agentToolCount(surface.agentTools);
  return budgetCheck(list.mode, shape, surface.toolBudget, surface.limits);
}
