'use client';

import { PALETTE } from '@/components/charts/palette';
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/usage/chart-frame';
import { categoryAxis, gridStroke, tooltipProps, valueAxis, described } from '@/components/usage/chart-theme';
import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import type { ImpactMeasureResult, ImpactSegment } from '@/lib/contracts/impact';
import { formatNumber, formatPercent } from '@/lib/format';
import { modeNameOf } from '@/lib/surface/mode-traits';
import { IMPACT_MEASURES, type ImpactMeasure, MEASURE_DEFINITIONS } from '@/lib/impact/measures';
import { formatChange, formatMeasure, verdictOf } from './format';
import { ChangeCell, VerdictBadge } from './measures-table';
import { ChoiceSelect } from '@/components/ui/choice-select';

interface Row {
  key: string;
  label: string;
  segment: ImpactSegment;
  result: ImpactMeasureResult;
}

export function segmentLabel(segment: ImpactSegment): string {
  if (segment.dimension === 'all') return 'every session';
  if (segment.value === null) return `${segment.dimension}: none given`;
  return `${segment.dimension}: ${segment.dimension === 'mode' ? modeNameOf(segment.value) : segment.value}`;
}

const COLUMNS: Column<Row>[] = [
  { id: 'segment', header: 'Sessions of', className: 'mono', cell: (r) => r.label },
  {
    id: 'sessions',
    header: 'Sessions',
    headerTitle: 'before → after',
    numeric: true,
    cell: (r) => `${formatNumber(r.segment.before.sessions)} → ${formatNumber(r.segment.after.sessions)}`,
  },
  { id: 'before', header: 'Before', numeric: true, cell: (r) => formatMeasure(r.result.measure, r.result.before) },
  { id: 'after', header: 'After', numeric: true, cell: (r) => formatMeasure(r.result.measure, r.result.after) },
  { id: 'change', header: 'Change [95% interval]', numeric: true, cell: (r) => <ChangeCell result={r.result} /> },
  { id: 'verdict', header: 'Verdict', cell: (r) => <VerdictBadge result={r.result} /> },
];

const TONE_COLOUR = { ok: 'var(--ok)', danger: 'var(--danger)', accent: PALETTE.favourite, neutral: PALETTE.other, warn: 'var(--warn)' } as const;

/** One measure for every session and for each model, client and mode: a forest of intervals, and the table behind it. */
export function SegmentPanel({ segments, measure, onMeasure }: { segments: ImpactSegment[]; measure: ImpactMeasure; onMeasure: (m: ImpactMeasure) => void }) {
  const rows: Row[] = segments.map((segment) => ({
    key: `${segment.dimension}:${segment.value ?? ''}`,
    label: segmentLabel(segment),
    segment,
    // biome-ignore lint/style/noNonNullAssertion: every segment reports every measure of the comparison.
    result: segment.measures.find((m) => m.measure === measure)!,
  }));
  const charted = rows
    .filter((r) => r.result.relative)
    .map((r) => {
      // biome-ignore lint/style/noNonNullAssertion: the rows were filtered to those with a relative difference above.
      const { estimate, low, high } = r.result.relative!;
      return { label: r.label, estimate, range: [estimate - low, high - estimate], tone: verdictOf(r.result).tone, text: formatChange(r.result) };
    });
  const a11y = described(
    `Relative change of ${MEASURE_DEFINITIONS[measure].label}`,
    'One bar per group of sessions: the relative change after the change, with its 95% bootstrap interval as whiskers.',
  );
  return (
    <Card aria-labelledby="segments-heading">
      <CardHeader id="segments-heading" title="By model, client and mode">
        <ChoiceSelect
          label="Measure"
          className="row small muted"
          value={measure}
          choices={IMPACT_MEASURES}
          optionLabel={(m) => MEASURE_DEFINITIONS[m].label}
          onChange={onMeasure}
        />
      </CardHeader>
      <p className="small muted">{MEASURE_DEFINITIONS[measure].description} The bars are the relative change; the whiskers its 95% interval.</p>
      {charted.length > 0 ? (
        <ChartFrame testId="impact-forest" height={Math.max(120, 30 * charted.length + 50)}>
          <BarChart data={charted} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 0 }} {...a11y}>
            <CartesianGrid horizontal={false} stroke={gridStroke} />
            <XAxis type="number" {...categoryAxis} tickFormatter={(v) => formatPercent(Number(v), 0)} />
            <YAxis type="category" dataKey="label" {...valueAxis} width={220} interval={0} />
            <ReferenceLine x={0} stroke="var(--muted)" />
            <Tooltip {...tooltipProps} formatter={(_value, _name, item) => [item.payload.text, 'change [95% interval]']} />
            <Bar dataKey="estimate" isAnimationActive={false} barSize={14}>
              {charted.map((d) => (
                <Cell key={d.label} fill={TONE_COLOUR[d.tone]} />
              ))}
              <ErrorBar dataKey="range" direction="x" width={6} stroke="var(--text)" />
            </Bar>
          </BarChart>
        </ChartFrame>
      ) : null}
      <DataTable columns={COLUMNS} rows={rows} rowKey={(r) => r.key} labelledBy="segments-heading" testId="impact-segments" />
    </Card>
  );
}
