'use client';

import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { PALETTE } from '@/components/charts/palette';
import { ChartFrame } from '@/components/usage/chart-frame';
import { BAR_MARGIN, categoryAxis, described, gridStroke, legendLabel, legendStyle, shareAxis, tooltipProps, valueAxis } from '@/components/usage/chart-theme';
import { isProportionMetric, METRICS, type MetricName } from '@/lib/bakeoff/metrics';
import type { BakeoffRunView } from '@/lib/contracts/bakeoffs';
import { formatEstimate } from './format';

const COLORS = [PALETTE.other, PALETTE.favourite, PALETTE.all, PALETTE.typed, PALETTE.invoke, PALETTE.canonical, PALETTE.suggested];

/** One metric per model, a bar per presentation with its 95% interval as the error bar. */
export function MetricChart({ run, metric }: { run: BakeoffRunView; metric: MetricName }) {
  const presentations = run.presentations;
  const data = run.models.map((model) => {
    const point: Record<string, unknown> = { model };
    for (const p of presentations) {
      const value = run.table.rows.find((r) => r.model === model && r.presentation === p)?.values[metric];
      point[p] = value?.estimate ?? null;
      // recharts draws [estimate − below, estimate + above].
      point[`${p}:error`] =
        value && value.estimate !== null && value.low !== null && value.high !== null ? [value.estimate - value.low, value.high - value.estimate] : [0, 0];
    }
    return point;
  });
  const label = METRICS[metric].label;
  const a11y = described(
    `${label} per model and presentation`,
    `Grouped bars per model, one per presentation (${presentations.join(', ')}), each with its 95% interval; ${METRICS[metric].better} is better.`,
  );
  const value = (x: unknown) => (x === null || x === undefined ? '–' : formatEstimate(metric, Number(x)));
  return (
    <ChartFrame testId="bakeoff-chart" height={260}>
      <BarChart data={data} margin={BAR_MARGIN} {...a11y}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="model" {...categoryAxis} />
        {isProportionMetric(metric) ? <YAxis {...shareAxis} /> : <YAxis {...valueAxis} tickFormatter={value} />}
        <Tooltip {...tooltipProps} formatter={value} />
        <Legend wrapperStyle={legendStyle} formatter={legendLabel} />
        {presentations.map((p, i) => (
          <Bar key={p} dataKey={p} name={p} fill={COLORS[i % COLORS.length]} isAnimationActive={false}>
            <ErrorBar dataKey={`${p}:error`} width={6} strokeWidth={1.5} stroke="var(--text)" />
          </Bar>
        ))}
      </BarChart>
    </ChartFrame>
  );
}
