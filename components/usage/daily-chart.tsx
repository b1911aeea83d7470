'use client';

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardHeader } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import type { SeriesDay } from '@/lib/usage/series';
import { BAR_MARGIN, categoryAxis, gridStroke, legendLabel, legendStyle, NAMESPACE_SERIES, shortDay, tooltipProps, valueAxis, described } from './chart-theme';
import { ChartFrame } from './chart-frame';

// Widened to string for indexOf over any chart key.
const ORDER: string[] = NAMESPACE_SERIES.map((s) => s.key);

/** What a screen reader hears of the daily chart. */
const DAILY_A11Y = described(
  'Calls per day by namespace',
  'Stacked bars: one per day, split by the namespace of the presented name. Use the arrow keys to read each day.',
);

/** Calls per day, stacked by the namespace the model called them through. */
export function DailyChart({ series }: { series: SeriesDay[] }) {
  const data = series.map((d) => ({ day: d.day, ...d.namespaces }));
  // Only namespaces that occur get a legend entry; an empty one would just be noise.
  const present = NAMESPACE_SERIES.filter((s) => series.some((d) => d.namespaces[s.key] > 0));
  return (
    <Card aria-labelledby="daily-heading">
      <CardHeader id="daily-heading" title="Calls per day by namespace" note="UTC days · how the models reached the tools" />
      <ChartFrame testId="daily-chart" height={260}>
        <BarChart data={data} margin={BAR_MARGIN} {...DAILY_A11Y}>
          <CartesianGrid vertical={false} stroke={gridStroke} />
          <XAxis dataKey="day" tickFormatter={shortDay} {...categoryAxis} minTickGap={16} />
          <YAxis {...valueAxis} allowDecimals={false} width={48} tickFormatter={formatNumber} />
          <Tooltip {...tooltipProps} formatter={(value) => formatNumber(Number(value))} itemSorter={(item) => ORDER.indexOf(String(item.dataKey))} />
          <Legend wrapperStyle={legendStyle} itemSorter={null} formatter={legendLabel} />
          {present.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="calls" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartFrame>
    </Card>
  );
}
