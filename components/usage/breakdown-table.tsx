'use client';

import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { BreakdownRow } from '@/lib/contracts/usage';
import { useUrlSort } from '@/components/ui/use-search-state';
import { countOf, formatNumber, formatPercent } from '@/lib/format';
import { ratio } from '@/lib/usage/rank';
import { numericColumn } from '@/components/ui/numeric-column';

/** Each column in plain words: its header's tooltip, and the table's "What these columns mean" where hover does not reach. */
const TERMS = {
  errors: 'the share of its calls that were not ok',
  favourites: 'the share of its calls made through a favourite’s own name (fav_… or favourite/…): the model took a favourite it was shown first',
  meta: 'the share of its calls to meta tools, such as mcp_find_tools: looking for a tool instead of using one',
  sessions: 'the sessions first seen in the window',
} as const;

/** A call whose event named no model (or client): a script, or a client that does not say. */
const unnamed = (dimension: string) => `no ${dimension} named`;

function columns(dimension: 'model' | 'client'): Column<BreakdownRow>[] {
  return [
    {
      id: 'name',
      header: dimension === 'model' ? 'Model' : 'Client',
      className: (r) => (r.name === null ? 'muted nowrap' : 'mono nowrap'),
      sort: (a, b) => (a.name ?? '').localeCompare(b.name ?? ''),
      cell: (r) => r.name ?? unnamed(dimension),
    },
    numericColumn('calls', 'Calls', (r) => r.calls, formatNumber),
    { id: 'share', header: 'Share', numeric: true, className: 'muted', cell: (r) => formatPercent(r.share) },
    numericColumn('errors', 'Errors', (r) => ratio(r.errors, r.calls), formatPercent, { headerTitle: TERMS.errors }),
    numericColumn('favourite', 'Via favourites', (r) => ratio(r.favouriteCalls, r.calls), formatPercent, { headerTitle: TERMS.favourites }),
    numericColumn('meta', 'Via meta tools', (r) => ratio(r.metaCalls, r.calls), formatPercent, { headerTitle: TERMS.meta }),
    { id: 'sessions', header: 'Sessions', headerTitle: TERMS.sessions, numeric: true, cell: (r) => formatNumber(r.sessions) },
  ];
}

/** What the columns mean, and the row of calls that named no model or client, for a reader without hover. */
function Terms({ dimension, unnamedRow }: { dimension: 'model' | 'client'; unnamedRow: boolean }) {
  return (
    <details className="small muted" data-testid={`${dimension}-breakdown-terms`}>
      <summary>What these columns mean</summary>
      <ul>
        <li>
          <strong>Errors</strong>: {TERMS.errors}.
        </li>
        <li>
          <strong>Via favourites</strong>: {TERMS.favourites}.
        </li>
        <li>
          <strong>Via meta tools</strong>: {TERMS.meta}.
        </li>
        <li>
          <strong>Sessions</strong>: {TERMS.sessions}.
        </li>
        {unnamedRow ? (
          <li>
            <strong>{unnamed(dimension)}</strong>: calls whose events did not say which {dimension} made them, such as a script’s, or a client that does not
            report it.
          </li>
        ) : null}
      </ul>
    </details>
  );
}

const MODEL_COLUMNS = columns('model');
const CLIENT_COLUMNS = columns('client');
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
      {rows.length > 0 ? <Terms dimension={dimension} unnamedRow={rows.some((r) => r.name === null)} /> : null}
    </Card>
  );
}
