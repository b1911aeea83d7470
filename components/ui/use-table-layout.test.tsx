import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './data-table';

interface Row {
  name: string;
  calls: number;
}

const COLUMNS: Column<Row>[] = [
  { id: 'name', header: 'Model', cell: (r) => r.name },
  { id: 'calls', header: 'Calls', numeric: true, cell: (r) => r.calls },
];
const ROWS: Row[] = [{ name: 'claude-sonnet-4.6', calls: 7186 }];

/** jsdom lays nothing out: give every box `room` px and every table `needs` px of columns. */
function layOut(room: number, needs: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(room);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(needs);
}

const layoutOf = () => screen.getByRole('table', { name: 'Models' }).closest('[data-layout]')?.getAttribute('data-layout');

afterEach(() => vi.restoreAllMocks());

describe('a table or cards, by the room it has', () => {
  it('is a table where its columns fit, as in a half-width card at 1440 px', () => {
    layOut(550, 534);
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.name} label="Models" />);
    expect(layoutOf()).toBe('table');
  });

  it('is cards where its columns need more room than its box has', () => {
    layOut(550, 620);
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.name} label="Models" />);
    expect(layoutOf()).toBe('cards');
  });

  it('is cards on a phone, even where its columns would fit', () => {
    layOut(332, 300);
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.name} label="Models" />);
    expect(layoutOf()).toBe('cards');
  });

  it('is fitted when its rows come after an empty state', () => {
    layOut(1154, 1154);
    const { rerender } = render(<DataTable columns={COLUMNS} rows={[]} rowKey={(r) => r.name} label="Models" emptyMessage="No calls." />);
    expect(screen.getByText('No calls.')).toBeTruthy();
    rerender(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.name} label="Models" emptyMessage="No calls." />);
    expect(layoutOf()).toBe('table');
  });
});
