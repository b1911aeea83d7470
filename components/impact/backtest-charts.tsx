'use client';

import { PALETTE } from '@/components/charts/palette';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/usage/chart-frame';
import {
  axisLabel,
  BAR_MARGIN,
  categoryAxis,
  gridStroke,
  legendLabel,
  legendStyle,
  LINE_MARGIN,
  shareAxis,
  shortDay,
  tooltipProps,
} from '@/components/usage/chart-theme';
import type { BacktestReport } from '@/lib/contracts/backtest';
import { countOf, formatPercent } from '@/lib/format';

const percentValue = (value: unknown) => (value === null || value === undefined ? '—' : formatPercent(Number(value)));

export const SERIES = [
  { key: 'suggested', label: 'the rule', color: PALETTE.suggested },
  { key: 'pinned', label: 'pinned then', color: PALETTE.favourite },
  { key: 'best', label: 'best possible', color: PALETTE.other },
] as const;

/** Each week's share of calls caught by the rule's pick, the pinned favourites and the best K. */
export function WeeklyChart({ report }: { report: BacktestReport }) {
  const data = report.weeks.map((w) => ({
    week: `${shortDay(w.from)}–${shortDay(w.to)}`,
    suggested: w.suggested.share,
    pinned: w.pinned.share,
    best: w.best.share,
  }));
  return (
    <ChartFrame testId="backtest-weekly-chart" height={240}>
      <BarChart
        data={data}
        accessibilityLayer
        title="Share of each week's calls caught"
        desc={`Grouped bars per week: what ${report.k} favourites chosen by the rule, the pinned ones and the week's own top ${report.k} would have caught.`}
        margin={BAR_MARGIN}
      >
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="week" {...categoryAxis} minTickGap={8} />
        <YAxis {...shareAxis} />
        <Tooltip {...tooltipProps} formatter={percentValue} />
        <Legend wrapperStyle={legendStyle} formatter={legendLabel} />
        {SERIES.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** What K favourites would catch over every week, by the rule and at best, with the recommended K marked. */
export function CurveChart({ report }: { report: BacktestReport }) {
  return (
    <ChartFrame testId="backtest-curve-chart" height={220}>
      <LineChart
        data={report.curve}
        accessibilityLayer
        title="Calls caught by K favourites"
        desc="Two lines over K: what the rule's top K and the best K would have caught over every week."
        margin={LINE_MARGIN}
      >
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="k" type="number" domain={[1, Math.max(2, report.curve.length)]} allowDecimals={false} {...categoryAxis} />
        <YAxis {...shareAxis} />
        <Tooltip {...tooltipProps} labelFormatter={(k) => `K = ${k}`} formatter={percentValue} />
        <Legend wrapperStyle={legendStyle} formatter={legendLabel} />
        {report.recommendation.k ? (
          <ReferenceLine
            x={report.recommendation.k}
            stroke={PALETTE.favourite}
            strokeDasharray="4 3"
            label={{ value: `K ${report.recommendation.k}`, position: 'top', fill: 'var(--muted)', fontSize: 12 }}
          />
        ) : null}
        <Line type="stepAfter" dataKey="suggested" name="the rule" stroke={PALETTE.suggested} strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line type="stepAfter" dataKey="best" name="best possible" stroke={PALETTE.other} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ChartFrame>
  );
}

/** What a suggestion still catches as it ages: refresh before the line drops. */
export function RefreshChart({ report }: { report: BacktestReport }) {
  return (
    <ChartFrame testId="backtest-refresh-chart" height={220}>
      <LineChart
        data={report.refresh}
        accessibilityLayer
        title="Calls a suggestion catches as it ages"
        desc="The share of a week's calls caught by the rule's pick made one, two or more weeks earlier."
        margin={LINE_MARGIN}
      >
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="ageWeeks" {...categoryAxis} label={axisLabel('weeks old')} />
        <YAxis {...shareAxis} />
        <Tooltip {...tooltipProps} labelFormatter={(a) => `${countOf(Number(a), 'week')} old`} formatter={percentValue} />
        <Line dataKey="share" name="caught" stroke={PALETTE.favourite} strokeWidth={2} isAnimationActive={false} connectNulls />
      </LineChart>
    </ChartFrame>
  );
}
