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
  type ChartA11y,
  described,
} from '@/components/usage/chart-theme';
import type { ReactNode } from 'react';
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
  const a11y = described(
    "Share of each week's calls caught",
    `Grouped bars per week: what ${report.k} favourites chosen by the rule, the pinned ones and the week's own top ${report.k} would have caught.`,
  );
  return (
    <ChartFrame testId="backtest-weekly-chart" height={240}>
      <BarChart data={data} margin={BAR_MARGIN} {...a11y}>
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

/** What screen readers hear of the two line charts. */
const CURVE_A11Y = described('Calls caught by K favourites', "Two lines over K: what the rule's top K and the best K would have caught over every week.");
const REFRESH_A11Y = described(
  'Calls a suggestion catches as it ages',
  "The share of a week's calls caught by the rule's pick made one, two or more weeks earlier.",
);

/** Lines of shares of the calls caught (0–100 %) over some x: what the two line charts share. */
function ShareLines({
  testId,
  data,
  a11y,
  xLabel,
  children,
}: {
  testId: string;
  data: object[];
  a11y: ChartA11y;
  xLabel: (x: unknown) => string;
  children: ReactNode;
}) {
  return (
    <ChartFrame testId={testId} height={220}>
      <LineChart data={data} margin={LINE_MARGIN} {...a11y}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <YAxis {...shareAxis} />
        <Tooltip {...tooltipProps} labelFormatter={xLabel} formatter={percentValue} />
        {children}
      </LineChart>
    </ChartFrame>
  );
}

/** What K favourites would catch over every week, by the rule and at best, with the recommended K marked. */
export function CurveChart({ report }: { report: BacktestReport }) {
  return (
    <ShareLines testId="backtest-curve-chart" data={report.curve} a11y={CURVE_A11Y} xLabel={(k) => `K = ${k}`}>
      <XAxis dataKey="k" type="number" domain={[1, Math.max(2, report.curve.length)]} allowDecimals={false} {...categoryAxis} />
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
    </ShareLines>
  );
}

/** What a suggestion still catches as it ages: refresh before the line drops. */
export function RefreshChart({ report }: { report: BacktestReport }) {
  return (
    <ShareLines testId="backtest-refresh-chart" data={report.refresh} a11y={REFRESH_A11Y} xLabel={(a) => `${countOf(Number(a), 'week')} old`}>
      <XAxis dataKey="ageWeeks" {...categoryAxis} label={axisLabel('weeks old')} />
      <Line dataKey="share" name="caught" stroke={PALETTE.favourite} strokeWidth={2} isAnimationActive={false} connectNulls />
    </ShareLines>
  );
}
