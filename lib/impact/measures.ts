import { recordOf } from '@/lib/records';

/**
 * What the impact of a change is measured by (§impact). Each measure is a ratio of sums over a
 * group of sessions, so it is computed the same way on the data and on every bootstrap resample.
 */
export const IMPACT_MEASURES = [
  'callsPerSession',
  'favouriteShare',
  'catalogShare',
  'metaShare',
  'metaPerSession',
  'callsBeforeSuccess',
  'errorRate',
  'firstCallFailed',
  'offCatalogShare',
  'wellFormedRate',
  'firstCallRight',
] as const;
export type ImpactMeasure = (typeof IMPACT_MEASURES)[number];

/** The sums kept per group of sessions, in this order. */
export const SUMS = [
  'sessions',
  'calls',
  'errors',
  'favouriteCalls',
  'metaCalls',
  'offCatalogCalls',
  'callsBeforeSuccess',
  'firstCallFailed',
  'checkedCalls',
  'wellFormedCalls',
  'firstToolChecked',
  'firstToolRight',
] as const;
export type SumName = (typeof SUMS)[number];
export const SUM_DIMS = SUMS.length;
const at = recordOf(SUMS, (_name, i) => i);

export interface MeasureDefinition {
  label: string;
  /** How the value reads: a count per session, or a share of calls or sessions. */
  unit: 'per-session' | 'share';
  /** Which way is an improvement; null when neither is by itself. */
  better: 'lower' | 'higher' | null;
  description: string;
  /** The measure's numerator and denominator from one group's sums (`get(i)` reads sum i). */
  ratio: (get: (sum: number) => number) => readonly [number, number];
}

export const MEASURE_DEFINITIONS: Record<ImpactMeasure, MeasureDefinition> = {
  callsPerSession: {
    label: 'Calls per session',
    unit: 'per-session',
    better: null,
    description: 'Tool calls a session made, of every kind.',
    ratio: (get) => [get(at.calls), get(at.sessions)],
  },
  favouriteShare: {
    label: 'Through favourites',
    unit: 'share',
    better: 'higher',
    description: 'Share of calls made through a favourite’s own name (fav_… or favourite/…).',
    ratio: (get) => [get(at.favouriteCalls), get(at.calls)],
  },
  catalogShare: {
    label: 'Through the catalog',
    unit: 'share',
    better: null,
    description: 'Share of calls made through the full catalog: all/, typed, invoke, canonical or bare names.',
    ratio: (get) => [get(at.calls) - get(at.favouriteCalls) - get(at.metaCalls), get(at.calls)],
  },
  metaShare: {
    label: 'Meta calls',
    unit: 'share',
    better: 'lower',
    description: 'Share of calls to meta tools (search, list services): looking for a tool instead of using one.',
    ratio: (get) => [get(at.metaCalls), get(at.calls)],
  },
  metaPerSession: {
    label: 'Meta calls per session',
    unit: 'per-session',
    better: 'lower',
    description: 'Meta-tool calls per session: how much a session wandered.',
    ratio: (get) => [get(at.metaCalls), get(at.sessions)],
  },
  callsBeforeSuccess: {
    label: 'Calls before first success',
    unit: 'per-session',
    better: 'lower',
    description: 'Calls a session made before its first successful call to a catalog tool (all of them when none succeeded).',
    ratio: (get) => [get(at.callsBeforeSuccess), get(at.sessions)],
  },
  errorRate: {
    label: 'Error rate',
    unit: 'share',
    better: 'lower',
    description: "Share of calls whose status was not 'ok'.",
    ratio: (get) => [get(at.errors), get(at.calls)],
  },
  firstCallFailed: {
    label: 'First call failed',
    unit: 'share',
    better: 'lower',
    description: "Share of sessions whose first call's status was not 'ok'.",
    ratio: (get) => [get(at.firstCallFailed), get(at.sessions)],
  },
  offCatalogShare: {
    label: 'Invokes of unknown tools',
    unit: 'share',
    better: 'lower',
    description: 'Share of calls that were mcp_invoke_tool naming a server or tool the catalog did not have then.',
    ratio: (get) => [get(at.offCatalogCalls), get(at.calls)],
  },
  wellFormedRate: {
    label: 'Well-formed arguments',
    unit: 'share',
    better: 'higher',
    description: "Share of checked calls to catalog tools whose arguments matched the tool's inputSchema (§arguments).",
    ratio: (get) => [get(at.wellFormedCalls), get(at.checkedCalls)],
  },
  firstCallRight: {
    label: 'First tool call right',
    unit: 'share',
    better: 'higher',
    description: 'Share of sessions whose first call to a catalog tool had well-formed arguments and succeeded, of those whose first tool call was checked.',
    ratio: (get) => [get(at.firstToolRight), get(at.firstToolChecked)],
  },
};

/** A measure's value from a group's sums; null when its denominator is 0. */
export function measureValue(measure: ImpactMeasure, get: (sum: number) => number): number | null {
  const [top, bottom] = MEASURE_DEFINITIONS[measure].ratio(get);
  return bottom > 0 ? top / bottom : null;
}
