'use client';

import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { BreakdownRow } from '@/lib/contracts/usage';
import { useUrlSort } from '@/components/ui/use-search-state';
import { countOf, formatNumber, formatPercent } from '@/lib/format';
import { ratio } from '@/lib/usage/rank';
import { numericColumn } from '@/components/ui/numeric-column';

function columns(label: string): Column<BreakdownRow>[] {
  return [
    {
      id: 'name',
      header: label,
      className: (r) => (r.name === null ? 'muted nowrap' : 'mono nowrap'),
      sort: (a, b) => (a.name ?? '').localeCompare(b.name ?? ''),
      cell: (r) => r.name ?? 'none given',
    },
    numericColumn('calls', 'Calls', (r) => r.calls, formatNumber),
    { id: 'share', header: 'Share', numeric: true, className: 'muted', cell: (r) => formatPercent(r.share) },
    numericColumn('errors', 'Errors', (r) => ratio(r.errors, r.calls), formatPercent, { headerTitle: 'share of its calls that were not ok' }),
    numericColumn('favourite', 'favourite/', (r) => ratio(r.favouriteCalls, r.calls), formatPercent, {
      headerTitle: 'share of its calls made through a favourite/ name',
    }),
    numericColumn('meta', 'Meta', (r) => ratio(r.metaCalls, r.calls), formatPercent, {
      headerTitle: 'share of its calls to meta tools (searching instead of using)',
    }),
    { id: 'sessions', header: 'Sessions', headerTitle: 'sessions first seen in the window', numeric: true, cell: (r) => formatNumber(r.sessions) },
  ];
}

const MODEL_COLUMNS = columns('Model');
const CLIENT_COLUMNS = columns('Client');
const SORTABLE = MODEL_COLUMNS.filter((c) => c.sort).map((c) => c.id);

/** The window's calls by model or by client: who calls, how often it fails, and how it reaches the tools. */
export function BreakdownTable({ dimension, rows }: { dimension: 'model' | 'client'; rows: BreakdownRow[] }) {
  const heading = `${dimension}-breakdown-heading`;
  const columns = dimension === 'model' ? MODEL_COLUMNS : CLIENT_COLUMNS;
  const { sort, onSortChange } = useUrlSort(`${dimension}Sort`, SORTABLE);
  return (
    <Card aria-labelledby={heading} data-testid={`${dimension}-breakdown`}>
      <CardHeader id={heading} title={dimension === 'model' ? 'By model' : 'By client'} note={countOf(rows.length, dimension)} />
      <DataTable
        columns={columns}
        sort={sort}
        onSortChange={onSortChange}
        rows={rows}
        rowKey={(r) => r.name ?? ''}
        labelledBy={heading}
        emptyMessage={`No calls in this window named a ${dimension}.`}
      />
    </Card>
  );
}
