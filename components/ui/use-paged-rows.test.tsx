import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tableNames } from '@/test/table-names';
import { type Column, DataTable, type TableSort } from './data-table';
import { Pager } from './pager';
import { SearchInput } from './search-input';
import { tableOrder, usePagedRows } from './use-paged-rows';

interface Tool {
  rank: number;
  name: string;
}

const TOOLS: Tool[] = Array.from({ length: 120 }, (_, i) => ({ rank: i + 1, name: `tool_${String(i + 1).padStart(3, '0')}` }));
const COLUMNS: Column<Tool>[] = [
  { id: 'rank', header: '#', numeric: true, sort: (a, b) => a.rank - b.rank, cell: (t) => t.rank },
  { id: 'name', header: 'Tool', sort: (a, b) => a.name.localeCompare(b.name), cell: (t) => t.name },
];
const searchText = (t: Tool) => t.name;

function PagedTools({ sort = null }: { sort?: TableSort | null }) {
  const paged = usePagedRows(TOOLS, { pageSize: 50, searchText, order: tableOrder(COLUMNS, sort) });
  return (
    <>
      <SearchInput label="Search tools" placeholder="Search" paged={paged} />
      <DataTable columns={COLUMNS} rows={paged.rows} rowKey={(t) => t.name} label="Tools" sort={sort} onSortChange={() => {}} emptyMessage="No tool matches." />
      <Pager noun="tools" {...paged.pager} />
    </>
  );
}

describe('usePagedRows with Pager', () => {
  it('draws one page of rows and says which, then moves through the list', async () => {
    render(<PagedTools />);
    expect(tableNames()).toHaveLength(50);
    expect(screen.getByRole('status').textContent).toBe('Showing 1–50 of 120 tools');
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    expect(screen.getByRole('status').textContent).toBe('Showing 51–100 of 120 tools');
    expect(tableNames()[0]).toBe('tool_051');
    await userEvent.click(next);
    expect(screen.getByRole('status').textContent).toBe('Showing 101–120 of 120 tools');
    expect(tableNames()).toHaveLength(20);
    // At the end Next says it is off, yet keeps the focus of whoever pressed it.
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(next);
    expect(document.activeElement).toBe(next);
    expect(screen.getByRole('status').textContent).toBe('Showing 101–120 of 120 tools');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(tableNames()[0]).toBe('tool_051');
  });

  it('searches every row, not the page, and starts the hits on page 1', async () => {
    render(<PagedTools />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const box = screen.getByRole('searchbox', { name: 'Search tools' });
    await userEvent.type(box, 'tool_0');
    expect(screen.getByRole('status').textContent).toBe('Showing 1–50 of 99 tools');
    expect(tableNames()[0]).toBe('tool_001');
    await userEvent.clear(box);
    await userEvent.type(box, 'tool_117');
    expect(tableNames()).toEqual(['tool_117']);
    // One page of hits needs no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages of tools' })).toBeNull();
    await userEvent.clear(box);
    await userEvent.type(box, 'nothing like it');
    expect(screen.getByText('No tool matches.').textContent).toBe('No tool matches.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sorts every row before paging, so page 1 of a descending sort starts at the last row', () => {
    render(<PagedTools sort={{ column: 'rank', direction: 'descending' }} />);
    expect(tableNames()[0]).toBe('tool_120');
    expect(tableNames()[49]).toBe('tool_071');
  });
});

describe('tableOrder', () => {
  it('orders as the sorted column says, equal rows by the tie-break, and not at all without a sort', () => {
    const rows = [
      { rank: 2, name: 'b' },
      { rank: 1, name: 'b' },
      { rank: 3, name: 'a' },
    ];
    const byRank = (a: Tool, b: Tool) => a.rank - b.rank;
    expect([...rows].sort(tableOrder(COLUMNS, { column: 'name', direction: 'descending' }, byRank) ?? undefined).map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(tableOrder(COLUMNS, null)).toBeNull();
    expect(tableOrder(COLUMNS, { column: 'missing', direction: 'ascending' }, byRank)).toBe(byRank);
  });
});
