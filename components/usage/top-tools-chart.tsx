'use client';

import { PALETTE } from '@/components/charts/palette';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { PinnedStar } from '@/components/favourites/pinned-star';
import { Card, CardHeader } from '@/components/ui/card';
import { countOf, formatNumber, formatPercent } from '@/lib/format';
import type { RankedTool } from '@/lib/usage/rank';
import { categoryAxis, gridStroke, legendLabel, legendStyle, tooltipProps, valueAxis, described } from './chart-theme';
import { ChartFrame } from './chart-frame';

const SHOWN = 10;
const LABEL_CHARS = 32;

/** Long names end in … on the axis; the tooltip has them whole. */
function shorten(label: string): string {
  return label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label;
}

function label(row: RankedTool): string {
  return `${row.pinned ? '★ ' : ''}${row.tool}`;
}

/** The most called tools; pinned ones carry ★ and their own colour. */
export function TopToolsChart({ rows }: { rows: RankedTool[] }) {
  // Two series, one of them zero per row: the legend then explains the colours by itself.
  const data = rows.slice(0, SHOWN).map((r) => ({
    label: label(r),
    pinned: r.pinned ? r.calls : 0,
    other: r.pinned ? 0 : r.calls,
    share: r.share,
  }));
  const a11y = described('Top tools by calls', 'Horizontal bars, most called first; pinned tools are marked with a star.');
  return (
    <Card aria-labelledby="top-heading">
      <CardHeader
        id="top-heading"
        title="Top tools"
        note={
          <>
            <PinnedStar /> pinned in the favourites
          </>
        }
      />
      <ChartFrame testId="top-tools-chart" height={Math.max(120, 28 * data.length + 60)}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }} {...a11y}>
          <CartesianGrid horizontal={false} stroke={gridStroke} />
          <XAxis type="number" {...categoryAxis} allowDecimals={false} tickFormatter={formatNumber} />
          <YAxis type="category" dataKey="label" {...valueAxis} width={240} interval={0} tickFormatter={shorten} />
          <Tooltip
            {...tooltipProps}
            formatter={(value, name, item) => (Number(value) === 0 ? null : [`${countOf(Number(value), 'call')} (${formatPercent(item.payload.share)})`, name])}
          />
          <Legend wrapperStyle={legendStyle} itemSorter={null} formatter={legendLabel} />
          <Bar dataKey="pinned" name="★ pinned" stackId="calls" fill={PALETTE.favourite} isAnimationActive={false} />
          <Bar dataKey="other" name="not pinned" stackId="calls" fill={PALETTE.other} isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
    </Card>
  );
}
