'use client';

import { PALETTE } from '@/components/charts/palette';
import { MAX_FAVOURITES_LIMIT } from '@/lib/limits';

import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { countOf, formatPercent } from '@/lib/format';
import type { Coverage } from '@/lib/usage/coverage';
import { axisLabel, categoryAxis, gridStroke, LINE_MARGIN, tooltipProps, valueAxis, described } from './chart-theme';
import { ChartFrame } from './chart-frame';
import styles from './coverage-chart.module.css';

/** The three lines of the chart; the legend draws each the same way. */
const SERIES = {
  curve: { stroke: PALETTE.favourite, dash: undefined },
  current: { stroke: 'var(--ok)', dash: '2 3' },
  limit: { stroke: 'var(--muted)', dash: '4 3' },
} as const;

/**
 * What maxFavourites buys: the share of calls the top-K tools take, K = 1…N, with a marker at
 * the project's maxFavourites and a line at what the current favourites catch.
 */
export function CoverageChart({ coverage, maxFavourites }: { coverage: Coverage; maxFavourites: number }) {
  // maxFavourites cannot pass 128, so neither need the curve.
  const data = coverage.curve.slice(0, MAX_FAVOURITES_LIMIT);
  const markerAt = Math.min(maxFavourites, data.length);
  // The marker's label runs away from the nearer edge, so it is never cut by the plot's end.
  const labelSide = markerAt > data.length / 2 ? 'insideTopRight' : 'insideTopLeft';
  const legend = [
    { key: 'curve', line: SERIES.curve, text: 'share of calls the K most used tools take' },
    { key: 'current', line: SERIES.current, text: `what your favourites catch now (${formatPercent(coverage.share)})` },
    { key: 'limit', line: SERIES.limit, text: `your favourites limit (maxFavourites ${maxFavourites})` },
  ];
  const a11y = described(
    'Coverage of the top K tools',
    `Share of calls the K most used tools take, for K from 1 to ${data.length}; marker at maxFavourites ${maxFavourites}.`,
  );
  return (
    <Card aria-labelledby="coverage-heading">
      <CardHeader id="coverage-heading" title="Favourites coverage" />
      <p className="small" data-testid="coverage-summary">
        The current favourites catch <strong>{formatPercent(coverage.share)}</strong> of the attributed calls. The top {countOf(maxFavourites, 'tool')} would
        catch <strong>{formatPercent(coverage.atMaxFavourites)}</strong>.
      </p>
      {data.length === 0 ? (
        <EmptyState>No attributed calls in this window.</EmptyState>
      ) : (
        <ChartFrame testId="coverage-chart" height={220}>
          <LineChart data={data} margin={LINE_MARGIN} {...a11y}>
            <CartesianGrid stroke={gridStroke} vertical={false} />
            <XAxis dataKey="k" type="number" domain={[1, Math.max(data.length, 2)]} allowDecimals={false} {...categoryAxis} label={axisLabel('top K tools')} />
            <YAxis domain={[0, 1]} tickFormatter={(v) => formatPercent(v, 0)} {...valueAxis} />
            <Tooltip {...tooltipProps} labelFormatter={(k) => `top ${k}`} formatter={(value) => [formatPercent(Number(value)), 'share of calls']} />
            <ReferenceLine
              x={markerAt}
              stroke={SERIES.limit.stroke}
              strokeDasharray={SERIES.limit.dash}
              label={{ value: `limit ${maxFavourites}`, position: labelSide, fill: 'var(--muted)', fontSize: 12 }}
            />
            <ReferenceLine y={coverage.share} stroke={SERIES.current.stroke} strokeDasharray={SERIES.current.dash} />
            <Line type="stepAfter" dataKey="share" stroke={SERIES.curve.stroke} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ChartFrame>
      )}
      <ul className={`small muted ${styles.legend}`} aria-label="What the lines are" data-testid="coverage-legend">
        {legend.map((item) => (
          <li key={item.key} data-testid={`legend-${item.key}`}>
            {/* The swatch is drawn as the line is: same colour, same dashes. */}
            <svg width="22" height="10" aria-hidden="true" className={styles.swatch}>
              <line x1="1" y1="5" x2="21" y2="5" stroke={item.line.stroke} strokeWidth={2} strokeDasharray={item.line.dash} />
            </svg>
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
