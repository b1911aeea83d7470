'use client';

import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { BreakdownRow } from '@/lib/contracts/usage';
import { useUrlSort } from '@/components/ui/use-search-state';
import { countOf, formatNumber, formatPercent } from '@/lib/format';
import { ratio } from '@/lib/usage/rank';

function columns(label: string): Column<BreakdownRow>[] {
  return [
    {
      id: 'name',
      header: label,
      className: (r) => (r.name === null ? 'muted nowrap' : 'mono nowrap'),
      sort: (a, b) => (a.name ?? '').localeCompare(b.name ?? ''),
      cell: (r) => r.name ?? 'none given',
    },
    { id: 'calls', header: 'Calls', numeric: true, sort: (a, b) => a.calls - b.calls, firstDirection: 'descending', cell: (r) => formatNumber(r.calls) },
    { id: 'share', header: 'Share', numeric: true, className: 'muted', cell: (r) => formatPercent(r.share) },
    {
      id: 'errors',
      header: 'Errors',
      headerTitle: 'share of its calls that were not ok',
      numeric: true,
      sort: (a, b) => ratio(a.errors, a.calls) - ratio(b.errors, b.calls),
      firstDirection: 'descending',
      cell: (r) => formatPercent(ratio(r.errors, r.calls)),
    },
    {
      id: 'favourite',
      header: 'favourite/',
      headerTitle: 'share of its calls made through a favourite/ name',
      numeric: true,
      sort: (a, b) => ratio(a.favouriteCalls, a.calls) - ratio(b.favouriteCalls, b.calls),
      firstDirection: 'descending',
      cell: (r) => formatPercent(ratio(r.favouriteCalls, r.calls)),
    },
    {
      id: 'meta',
      header: 'Meta',
      headerTitle: 'share of its calls to meta tools (searching instead of using)',
      numeric: true,
      sort: (a, b) => ratio(a.metaCalls, a.calls) - ratio(b.metaCalls, b.calls),
      firstDirection: 'descending',
      cell: (r) => formatPercent(ratio(r.metaCalls, r.calls)),
    },
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
      <CardHeader id={heading} title={dimension === 'model' ? 'By model' : 'By client'}>
        <span className="muted small">{countOf(rows.length, dimension)}</span>
      </CardHeader>
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
