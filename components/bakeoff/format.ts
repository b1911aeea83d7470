import { isProportionMetric, type MetricName } from '@/lib/bakeoff/metrics';
import type { BakeoffValue } from '@/lib/contracts/bakeoffs';

/** A share in whole per cent, a mean to two places: as the CLI's table writes them. */
export function formatEstimate(metric: MetricName, x: number): string {
  if (isProportionMetric(metric)) return `${Math.round(x * 100)}%`;
  if (Math.abs(x) >= 100) return String(Math.round(x));
  return x.toFixed(2).replace(/\.?0+$/, '');
}

/** "40%" and "[23%, 60%]"; "–" where the runs leave the metric undefined; bounds only where there are some. */
export function bakeoffValueParts(metric: MetricName, value: BakeoffValue): { estimate: string; bounds: string | null } {
  if (value.estimate === null || value.n === 0) return { estimate: '–', bounds: null };
  const bounds = value.low === null || value.high === null ? null : `[${formatEstimate(metric, value.low)}, ${formatEstimate(metric, value.high)}]`;
  return { estimate: formatEstimate(metric, value.estimate), bounds };
}
