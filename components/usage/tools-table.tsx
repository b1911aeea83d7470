'use client';

import { PinnedStar } from '@/components/favourites/pinned-star';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useUrlSort } from '@/components/ui/use-search-state';
import { countOf, formatDateTime, formatNumber, formatPercent, formatRelative } from '@/lib/format';
import { compareUsage, type RankedTool } from '@/lib/usage/rank';
import styles from './tools-table.module.css';
import { numericColumn } from '@/components/ui/numeric-column';

// Big numbers and recent dates read best first, names and ranks in order.
const COLUMNS: Column<RankedTool>[] = [
  { id: 'rank', header: '#', label: 'Rank', numeric: true, className: 'muted', sort: (a, b) => a.rank - b.rank, cell: (r) => r.rank },
  {
    id: 'pinned',
    header: '★',
    headerTitle: 'pinned in the favourites',
    label: 'Pinned',
    sort: (a, b) => Number(a.pinned) - Number(b.pinned),
    firstDirection: 'descending',
    cell: (r) => (r.pinned ? <PinnedStar label="pinned" /> : null),
  },
  {
    id: 'tool',
    header: 'Tool',
    className: 'mono',
    sort: (a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0),
    cell: (r) => (
      <>
        {r.tool}{' '}
        {r.inCatalog ? null : (
          <Badge tone="warn" title="not in the project's current catalog">
            not in catalog
          </Badge>
        )}
      </>
    ),
  },
  numericColumn('calls', 'Calls', (r) => r.calls, formatNumber),
  numericColumn('errors', 'Errors', (r) => r.errors, formatNumber, { className: (r) => (r.errors > 0 ? styles.errors : 'muted') }),
  numericColumn('sessions', 'Sessions', (r) => r.sessions, formatNumber, { headerTitle: 'distinct sessions per UTC day, summed over the window' }),
  {
    id: 'lastUsed',
    header: 'Last used',
    className: 'small nowrap',
    cellTitle: (r) => (r.lastUsed ? formatDateTime(r.lastUsed) : undefined),
    sort: (a, b) => (a.lastUsed ?? '').localeCompare(b.lastUsed ?? ''),
    firstDirection: 'descending',
    cell: (r) => (r.lastUsed ? formatRelative(r.lastUsed) : '—'),
  },
  // The biggest share is rank 1: the share sorts like the rank, reversed.
  { id: 'share', header: 'Share', numeric: true, sort: (a, b) => b.rank - a.rank, firstDirection: 'descending', cell: (r) => formatPercent(r.share) },
  {
    id: 'cumulative',
    header: 'Cumulative',
    headerTitle: 'share of the tools ranked up to this one',
    numeric: true,
    className: 'muted',
    cell: (r) => formatPercent(r.cumulativeShare),
  },
];

const SORTABLE = COLUMNS.filter((c) => c.sort).map((c) => c.id);

/** Every tool of the window with all its figures; any column sorts, ties fall back to the ranking. */
export function ToolsTable({ rows }: { rows: RankedTool[] }) {
  const { sort, onSortChange } = useUrlSort('sort', SORTABLE, { column: 'rank', direction: 'ascending' });
  return (
    <Card aria-labelledby="tools-heading">
      <CardHeader id="tools-heading" title="All tools" note={`${countOf(rows.length, 'tool')} used`} />
      <DataTable
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.tool}
        labelledBy="tools-heading"
        testId="usage-table"
        titleColumn="tool"
        sort={sort}
        onSortChange={onSortChange}
        tieBreak={compareUsage}
      />
    </Card>
  );
}
