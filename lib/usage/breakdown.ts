import type { BreakdownRow, UsageBreakdown } from '@/lib/contracts/usage';
import { ratio } from './rank';

/** One model's or client's calls over a window ('' when the events named none). */
export interface SegmentUsage {
  dimension: 'model' | 'client';
  name: string;
  calls: number;
  errors: number;
  sessions: number;
  favouriteCalls: number;
  metaCalls: number;
  unresolvedCalls: number;
}

/** Calls by model and by client, most calls first, each with its share of the window's calls. */
export function usageBreakdown(rows: readonly SegmentUsage[]): UsageBreakdown {
  const of = (dimension: SegmentUsage['dimension']): BreakdownRow[] => {
    const mine = rows.filter((r) => r.dimension === dimension && r.calls > 0);
    const total = mine.reduce((sum, r) => sum + r.calls, 0);
    return mine
      .map((r) => ({
        name: r.name === '' ? null : r.name,
        calls: r.calls,
        share: ratio(r.calls, total),
        errors: r.errors,
        sessions: r.sessions,
        favouriteCalls: r.favouriteCalls,
        metaCalls: r.metaCalls,
        unresolvedCalls: r.unresolvedCalls,
      }))
      .sort((a, b) => b.calls - a.calls || (a.name ?? '').localeCompare(b.name ?? ''));
  };
  return { models: of('model'), clients: of('client') };
}
