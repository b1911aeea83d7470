'use client';

import { PALETTE } from '@/components/charts/palette';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/usage/chart-frame';
import { BAR_MARGIN, categoryAxis, gridStroke, legendLabel, legendStyle, shareAxis, tooltipProps, valueAxis, described } from '@/components/usage/chart-theme';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { SurfaceRevisionView } from '@/lib/contracts/impact';
import { formatPercent } from '@/lib/format';
import { ratio } from '@/lib/usage/rank';

const SHARES = [
  { key: 'favouriteShare', label: 'through favourite names', color: PALETTE.favourite },
  { key: 'metaShare', label: 'meta calls', color: PALETTE.meta },
  { key: 'errorRate', label: 'errors', color: PALETTE.errors },
] as const;

/** What a screen reader hears of the trend chart. */
const TREND_A11Y = described(
  'Call measures by surface revision',
  'Lines over the revisions: the share of calls through favourites’ own names, to meta tools, and failing, and the calls per session.',
);

/** The call measures of every revision with calls, in order: how each change moved them. */
export function RevisionTrend({ revisions }: { revisions: SurfaceRevisionView[] }) {
  const data = revisions
    .filter((r) => r.totals.calls > 0)
    .map((r) => ({
      label: `r${r.revision}`,
      description: r.description,
      favouriteShare: ratio(r.totals.favouriteCalls, r.totals.calls),
      metaShare: ratio(r.totals.metaCalls, r.totals.calls),
      errorRate: ratio(r.totals.errors, r.totals.calls),
      callsPerSession: r.totals.sessions > 0 ? r.totals.calls / r.totals.sessions : null,
    }));
  return (
    <Card aria-labelledby="trend-heading">
      <CardHeader id="trend-heading" title="Revision by revision" note="every call made under each revision, without intervals" />
      {data.length < 2 ? (
        <EmptyState>Calls under at least two revisions make a trend.</EmptyState>
      ) : (
        <ChartFrame testId="impact-trend" height={240}>
          <LineChart data={data} margin={BAR_MARGIN} {...TREND_A11Y}>
            <CartesianGrid vertical={false} stroke={gridStroke} />
            <XAxis dataKey="label" {...categoryAxis} />
            <YAxis yAxisId="share" {...shareAxis} />
            <YAxis yAxisId="calls" orientation="right" {...valueAxis} width={40} allowDecimals={false} />
            <Tooltip
              {...tooltipProps}
              labelFormatter={(label, items) => `${label}: ${items?.[0]?.payload?.description ?? ''}`}
              formatter={(value, name) => [name === 'calls per session' ? Number(value).toFixed(2) : formatPercent(Number(value)), name]}
            />
            <Legend wrapperStyle={legendStyle} formatter={legendLabel} />
            {SHARES.map((s) => (
              <Line key={s.key} yAxisId="share" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} isAnimationActive={false} />
            ))}
            <Line
              yAxisId="calls"
              dataKey="callsPerSession"
              name="calls per session"
              stroke={PALETTE.other}
              strokeDasharray="4 3"
              strokeWidth={2}
              isAnimationActive={false}
              connectNulls
            />
          </LineChart>
        </ChartFrame>
      )}
    </Card>
  );
}
