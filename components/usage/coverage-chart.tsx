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

/**
 * What maxFavourites buys: the share of calls the top-K tools take, K = 1…N, with a marker at
 * the project's maxFavourites and a line at what the current favourites catch.
 */
export function CoverageChart({ coverage, maxFavourites }: { coverage: Coverage; maxFavourites: number }) {
  // maxFavourites cannot pass 128, so neither need the curve.
  const data = coverage.curve.slice(0, MAX_FAVOURITES_LIMIT);
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
              x={Math.min(maxFavourites, data.length)}
              stroke={PALETTE.favourite}
              strokeDasharray="4 3"
              label={{ value: `maxFavourites ${maxFavourites}`, position: 'top', fill: 'var(--muted)', fontSize: 12 }}
            />
            <ReferenceLine y={coverage.share} stroke="var(--ok)" strokeDasharray="2 3" />
            <Line type="stepAfter" dataKey="share" stroke={PALETTE.favourite} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ChartFrame>
      )}
      <div className="small muted">
        <span className={styles.swatch} style={{ background: 'var(--ok)' }} /> current favourites{' '}
        <span className={styles.swatch} style={{ background: 'var(--star)' }} /> maxFavourites
      </div>
    </Card>
  );
}
