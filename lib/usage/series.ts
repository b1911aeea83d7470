import { NAMESPACES, type Namespace } from '@/lib/names/resolution';
import type { SeriesDay } from '@/lib/contracts/usage';
import { isOneOf, recordOf } from '@/lib/records';
export type { SeriesDay } from '@/lib/contracts/usage';

/** One rollup row: calls of a day, kind and presented namespace. */
export interface NamespaceDayCalls {
  day: string;
  kind: string;
  namespace: string;
  calls: number;
}

export interface UsageTotals {
  /** Every call of the window: attributed + unresolved + meta. */
  calls: number;
  /** Calls resolved to a canonical server/tool. */
  attributed: number;
  unresolved: number;
  meta: number;
}

function emptyNamespaces(): Record<Namespace, number> {
  return recordOf(NAMESPACES, () => 0);
}

function isNamespace(value: string): value is Namespace {
  return isOneOf(NAMESPACES, value);
}

/** Add one row's calls to a day's or the window's totals. */
function addTo(totals: UsageTotals, kind: string, calls: number): void {
  totals.calls += calls;
  if (kind === 'tool') totals.attributed += calls;
  else if (kind === 'meta') totals.meta += calls;
  else totals.unresolved += calls;
}

/** The daily series with every day of the window present (zeros included), and the window's totals. */
export function dailySeries(days: readonly string[], rows: readonly NamespaceDayCalls[]): { series: SeriesDay[]; totals: UsageTotals } {
  const byDay = new Map<string, SeriesDay>(days.map((day) => [day, { day, calls: 0, attributed: 0, unresolved: 0, meta: 0, namespaces: emptyNamespaces() }]));
  const totals: UsageTotals = { calls: 0, attributed: 0, unresolved: 0, meta: 0 };
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day || row.calls === 0) continue;
    addTo(day, row.kind, row.calls);
    addTo(totals, row.kind, row.calls);
    if (isNamespace(row.namespace)) day.namespaces[row.namespace] += row.calls;
  }
  return { series: [...byDay.values()], totals };
}
