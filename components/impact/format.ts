import type { ImpactMeasureResult } from '@/lib/contracts/impact';
import { formatPercent } from '@/lib/format';
import { type ImpactMeasure, MEASURE_DEFINITIONS } from '@/lib/impact/measures';

/** A measure's value as people read it: a share in percent, a count per session with two decimals. */
export function formatMeasure(measure: ImpactMeasure, value: number | null): string {
  if (value === null) return '—';
  return MEASURE_DEFINITIONS[measure].unit === 'share' ? formatPercent(value) : value.toFixed(2);
}

function signed(share: number): string {
  const text = formatPercent(Math.abs(share), 0);
  return share > 0 ? `+${text}` : share < 0 ? `−${text}` : text;
}

/** The change with its interval: relative when there was something to be relative to, else the difference. */
export function formatChange(result: ImpactMeasureResult): string {
  if (result.relative) {
    const { estimate, low, high } = result.relative;
    return `${signed(estimate)} [${signed(low)}, ${signed(high)}]`;
  }
  if (result.difference) {
    const { estimate, low, high } = result.difference;
    const f = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '') + formatMeasure(result.measure, Math.abs(v));
    return `${f(estimate)} [${f(low)}, ${f(high)}]`;
  }
  return '—';
}

export type VerdictTone = 'ok' | 'danger' | 'accent' | 'neutral' | 'warn';

/** What a verdict means for this measure: better, worse, just a move, or nothing to say. */
export function verdictOf(result: ImpactMeasureResult): { label: string; tone: VerdictTone } {
  const better = MEASURE_DEFINITIONS[result.measure].better;
  switch (result.verdict) {
    case 'not-enough-data':
      return { label: 'not enough data', tone: 'warn' };
    case 'no-clear-change':
      return { label: 'no clear change', tone: 'neutral' };
    default: {
      const arrow = result.verdict === 'lower' ? '↓ lower' : '↑ higher';
      if (!better) return { label: arrow, tone: 'accent' };
      return better === result.verdict ? { label: `${arrow} · better`, tone: 'ok' } : { label: `${arrow} · worse`, tone: 'danger' };
    }
  }
}
