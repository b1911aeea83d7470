import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tableNames } from '@/test/table-names';
import { type Column, DataTable } from './data-table';

interface Tool {
  rank: number;
  name: string;
  calls: number;
}

const ROWS: Tool[] = [
  { rank: 1, name: 'github/create_issue', calls: 12 },
  { rank: 2, name: 'filesystem/read_file', calls: 7 },
  { rank: 3, name: 'all/gitlab/search', calls: 7 },
];

const COLUMNS: Column<Tool>[] = [
  { id: 'rank', header: '#', numeric: true, sort: (a, b) => a.rank - b.rank, cell: (t) => t.rank },
  { id: 'name', header: 'Tool', sort: (a, b) => a.name.localeCompare(b.name), cell: (t) => t.name },
  {
    id: 'calls',
    header: 'Calls',
    numeric: true,
    headerTitle: 'calls in the window',
    sort: (a, b) => a.calls - b.calls,
    firstDirection: 'descending',
    cell: (t) => t.calls,
  },
  { id: 'note', header: 'Note', cell: () => '—' },
];

/** The text of each element of a role inside an element, in document order. */
const textsOf = (element: HTMLElement, role: string) =>
  within(element)
    .getAllByRole(role)
    .map((e) => e.textContent);

describe('DataTable', () => {
  it('renders a header and one row per item, named by its label', () => {
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(t) => t.name} label="Tools" />);

    expect(textsOf(screen.getByRole('table', { name: 'Tools' }), 'columnheader')).toEqual(['#', 'Tool', 'Calls', 'Note']);
    expect(tableNames()).toEqual(['github/create_issue', 'filesystem/read_file', 'all/gitlab/search']);
    expect(screen.getByRole('columnheader', { name: 'Calls' }).title).toBe('calls in the window');
  });

  it('sorts from a header button, says which way on the header, and flips on a second press', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(t) => t.name}
        initialSort={{ column: 'rank', direction: 'ascending' }}
        tieBreak={(a, b) => a.rank - b.rank}
      />,
    );
    const sortOf = (name: string) => screen.getByRole('columnheader', { name }).getAttribute('aria-sort');

    expect(sortOf('#')).toBe('ascending');
    expect(sortOf('Tool')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Note' }).hasAttribute('aria-sort')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Tool' }));
    expect(sortOf('Tool')).toBe('ascending');
    expect(sortOf('#')).toBe('none');
    expect(tableNames()).toEqual(['all/gitlab/search', 'filesystem/read_file', 'github/create_issue']);

    await user.click(screen.getByRole('button', { name: 'Tool' }));
    expect(sortOf('Tool')).toBe('descending');
    expect(tableNames()).toEqual(['github/create_issue', 'filesystem/read_file', 'all/gitlab/search']);
  });

  it('starts a column where it reads best, and keeps ties in their tie-break order', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={COLUMNS} rows={[...ROWS].reverse()} rowKey={(t) => t.name} tieBreak={(a, b) => a.rank - b.rank} />);

    await user.click(screen.getByRole('button', { name: 'Calls' }));
    expect(screen.getByRole('columnheader', { name: 'Calls' }).getAttribute('aria-sort')).toBe('descending');
    expect(tableNames()).toEqual(['github/create_issue', 'filesystem/read_file', 'all/gitlab/search']);
  });

  it('sorts from the keyboard', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(t) => t.name} />);

    screen.getByRole('button', { name: 'Tool' }).focus();
    await user.keyboard('{Enter}');
    expect(tableNames()[0]).toBe('all/gitlab/search');
  });

  it('says so instead of an empty table when given an empty message', () => {
    render(<DataTable columns={COLUMNS} rows={[]} rowKey={(t) => t.name} emptyMessage="No tools yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No tools yet.')).toBeTruthy();
  });

  it('names every cell by its column for the narrow layout, in words where the header is a symbol', () => {
    const columns: Column<Tool>[] = [
      ...COLUMNS,
      { id: 'pinned', header: '★', headerTitle: 'pinned in the favourites', label: 'Pinned', cell: () => '★' },
      { id: 'pin', header: <span className="visually-hidden">Pin</span>, cell: () => 'pin' },
    ];
    render(<DataTable columns={columns} rows={ROWS} rowKey={(t) => t.name} titleColumn="name" />);

    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((td) => td.dataset.label)).toEqual(['#', 'Tool', 'Calls', 'Note', 'Pinned', 'Pin']);
    // The title cell heads the row's card; only it carries the title class.
    expect(cells.filter((td) => td.className.includes('title')).map((td) => td.textContent)).toEqual(['github/create_issue']);
  });

  it('sorts from a "Sort by" choice, for the narrow layout that hides the header buttons', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(t) => t.name} tieBreak={(a, b) => a.rank - b.rank} />);
    const choice = screen.getByRole('combobox', { name: 'Sort by' });
    expect(textsOf(choice, 'option')).toEqual(['as listed', '#', 'Tool', 'Calls']);

    await user.selectOptions(choice, 'Tool');
    expect(tableNames()).toEqual(['all/gitlab/search', 'filesystem/read_file', 'github/create_issue']);
    expect(screen.getByRole('columnheader', { name: 'Tool' }).getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: /^Ascending/ }));
    expect(tableNames()).toEqual(['github/create_issue', 'filesystem/read_file', 'all/gitlab/search']);
    expect(screen.getByRole('button', { name: /^Descending/ })).toBeTruthy();
  });

  it('offers no "Sort by" choice when no column sorts', () => {
    render(<DataTable columns={COLUMNS.map(({ sort: _, ...c }) => c)} rows={ROWS} rowKey={(t) => t.name} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
