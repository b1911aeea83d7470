import { type Difference, meanDifference, proportionDifference } from './intervals';
import { aggregate, isProportionMetric, METRICS, type MetricName, type RunMeasures } from './metrics';

export interface CompareOptions {
  metric: MetricName;
  /** The presentation proposed, e.g. `pinned`. */
  proposed: string;
  /** The presentation it would replace, e.g. `lazy`. */
  baseline: string;
  /** One model's runs; absent, the runs of every model pooled. */
  model?: string;
}

/** Which side the proposed presentation's estimate falls on. */
export type Standing = 'beats' | 'loses' | 'ties';

export interface Verdict {
  metric: MetricName;
  proposed: string;
  baseline: string;
  model: string | null;
  n: { proposed: number; baseline: number };
  /** proposed − baseline in the metric's own terms (a share as a fraction); null below the runs an interval needs. */
  difference: Difference | null;
  standing: Standing;
  /** The 95% interval lies entirely on the side of the estimate, away from no difference. */
  clear: boolean;
  /** e.g. "pinned beats lazy on gpt-x by 12 ± 9 points: clear". */
  wording: string;
}

/**
 * The proposed presentation against the baseline on one metric: the difference of shares by
 * Newcombe's hybrid score interval, of means by Welch's t interval. "Beats" and "loses" follow
 * the metric's better direction (fewer calls of wander beat more).
 */
export function compare(runs: readonly RunMeasures[], options: CompareOptions): Verdict {
  const { metric, proposed, baseline } = options;
  const model = options.model ?? null;
  const inScope = (presentation: string) => runs.filter((r) => r.key.presentation === presentation && (model === null || r.key.model === model));
  const a = aggregate(inScope(proposed));
  const b = aggregate(inScope(baseline));
  const difference = isProportionMetric(metric) ? proportionDifference(a[metric], b[metric]) : meanDifference(a[metric], b[metric]);
  const n = { proposed: a[metric].n, baseline: b[metric].n };
  const sign = METRICS[metric].better === 'higher' ? 1 : -1;
  const gain = difference ? sign * difference.estimate : 0;
  const standing: Standing = gain > 0 ? 'beats' : gain < 0 ? 'loses' : 'ties';
  const clear = difference !== null && (difference.low > 0 || difference.high < 0) && standing !== 'ties';
  const verdict = { metric, proposed, baseline, model, n, difference, standing, clear };
  return { ...verdict, wording: wordingOf(verdict) };
}

/** One verdict per model, in the order the runs name them, then one over all models. */
export function compareByModel(runs: readonly RunMeasures[], options: Omit<CompareOptions, 'model'>): Verdict[] {
  const models = [...new Set(runs.map((r) => r.key.model))];
  return [...models.map((model) => compare(runs, { ...options, model })), compare(runs, options)];
}

/** For `--fail-if-worse`: the proposed presentation is worse and the interval says so. */
export function isWorse(verdict: Verdict): boolean {
  return verdict.standing === 'loses' && verdict.clear;
}

function wordingOf(v: Omit<Verdict, 'wording'>): string {
  // A model's own runs, or every model's pooled: not "on all models", which reads as "on each".
  const scope = v.model === null ? 'over all models' : `on ${v.model}`;
  const { unit } = METRICS[v.metric];
  if (!v.difference) {
    return `${v.proposed} against ${v.baseline} ${scope}: too few runs to tell (n = ${v.n.proposed} and ${v.n.baseline})`;
  }
  const scale = unit === 'points' ? 100 : 1;
  const amount = formatAmount(Math.abs(v.difference.estimate) * scale, unit);
  // Newcombe's interval is not symmetric: ± is its half-width, the bounds are in `difference`.
  const half = formatAmount(((v.difference.high - v.difference.low) / 2) * scale, unit);
  const judged = v.clear ? 'clear' : 'not clear';
  if (v.standing === 'ties') return `${v.proposed} ties with ${v.baseline} ${scope} (0 ± ${half} ${unit}): ${judged}`;
  const verb = v.standing === 'beats' ? 'beats' : 'loses to';
  return `${v.proposed} ${verb} ${v.baseline} ${scope} by ${amount} ± ${half} ${unit}: ${judged}`;
}

/** Whole points, and whole numbers from 10 up; finer only where rounding would say 0. */
function formatAmount(value: number, unit: string): string {
  if (value >= 10 || (unit === 'points' && value >= 1)) return String(Math.round(value));
  if (value >= 1) return value.toFixed(1).replace(/\.0$/, '');
  return value.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
}
