import type { ReachMeasureResult, ReachSegment, ReachToolResult } from '@/lib/contracts/impact';
import { formatNumber, formatPercent } from '@/lib/format';

/** A difference of shares in percentage points, signed: +67, −4. */
function signedPoints(share: number): string {
  const n = Math.round(share * 100);
  return `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n)}`;
}

function share(value: number | null): string {
  return value === null ? '—' : formatPercent(value, 0);
}

type Result = ReachMeasureResult | ReachToolResult;

/** The shares before and after: "33% → 100%". */
export function shareWords(result: Result): string {
  return `${share(result.before)} → ${share(result.after)}`;
}

/** The change in points with its interval, or why there is none. */
export function changeWords(result: Result, segment: ReachSegment, minSessions: number): string {
  if (result.difference) {
    const { estimate, low, high } = result.difference;
    return `${signedPoints(estimate)} points, 95% interval ${signedPoints(low)} to ${signedPoints(high)} points`;
  }
  if (result.before === null || result.after === null) return 'no sessions to read on one side';
  return `not enough data: ${formatNumber(segment.before.sampled)} sessions before, ${formatNumber(segment.after.sampled)} after; ${minSessions} needed on each side`;
}

/** The change with its interval, short enough for a table cell: "+67 points [+54, +79]". */
export function compactChange(result: Result): string {
  if (!result.difference) return 'not enough data';
  const { estimate, low, high } = result.difference;
  return `${signedPoints(estimate)} points [${signedPoints(low)}, ${signedPoints(high)}]`;
}

/**
 * A share of sessions before and after, as people say it: "33% → 100% (+67 points, 95%
 * interval +55 to +78 points)", or why there is no interval.
 */
export function reachWords(result: Result, segment: ReachSegment, minSessions: number): string {
  return `${shareWords(result)} (${changeWords(result, segment, minSessions)})`;
}

/** What the sample read, in one line: "all 120 sessions before · 1,000 of 5,001 after". */
export function sampleWords(segment: ReachSegment): string {
  const side = (s: ReachSegment['before']) =>
    s.sampled === s.sessions ? `all ${formatNumber(s.sessions)} sessions` : `${formatNumber(s.sampled)} of ${formatNumber(s.sessions)} sessions`;
  return `read ${side(segment.before)} before · ${side(segment.after)} after`;
}
