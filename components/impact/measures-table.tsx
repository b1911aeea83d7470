import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import type { ImpactMeasureResult, ImpactSegment } from '@/lib/contracts/impact';
import { countOf, formatNumber } from '@/lib/format';
import { MEASURE_DEFINITIONS } from '@/lib/impact/measures';
import { formatChange, formatMeasure, verdictOf } from './format';
import styles from './impact-page.module.css';

/** The change with its interval; the exact bounds ride along as data for scripts and tests. */
export function ChangeCell({ result }: { result: ImpactMeasureResult }) {
  const interval = result.relative ?? result.difference;
  return (
    <span
      className={styles.interval}
      data-kind={result.relative ? 'relative' : 'difference'}
      data-estimate={interval?.estimate}
      data-low={interval?.low}
      data-high={interval?.high}
    >
      {formatChange(result)}
    </span>
  );
}

export function VerdictBadge({ result }: { result: ImpactMeasureResult }) {
  const { label, tone } = verdictOf(result);
  return <Badge tone={tone}>{label}</Badge>;
}

const COLUMNS: Column<ImpactMeasureResult>[] = [
  {
    id: 'measure',
    header: 'Measure',
    // Said on the page, not only on hover: a title cannot be reached by keyboard or touch.
    cell: (r) => (
      <>
        <div>{MEASURE_DEFINITIONS[r.measure].label}</div>
        <div className="small muted" data-testid="kpi-help">
          {MEASURE_DEFINITIONS[r.measure].description}
        </div>
      </>
    ),
  },
  { id: 'before', header: 'Before', numeric: true, cell: (r) => formatMeasure(r.measure, r.before) },
  { id: 'after', header: 'After', numeric: true, cell: (r) => formatMeasure(r.measure, r.after) },
  { id: 'change', header: 'Change [95% interval]', numeric: true, cell: (r) => <ChangeCell result={r} /> },
  { id: 'verdict', header: 'Verdict', cell: (r) => <VerdictBadge result={r} /> },
];

/** Every measure before and after the change, over every session. */
export function MeasuresTable({ segment }: { segment: ImpactSegment }) {
  return (
    <Card aria-labelledby="measures-heading">
      <CardHeader
        id="measures-heading"
        title="Every session"
        note={`${countOf(segment.before.sessions, 'session')} before · ${formatNumber(segment.after.sessions)} after`}
      />
      <DataTable columns={COLUMNS} rows={segment.measures} rowKey={(r) => r.measure} labelledBy="measures-heading" testId="impact-measures" />
    </Card>
  );
}
