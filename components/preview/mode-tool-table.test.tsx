import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { modeListFixture, modePreviewFixture } from './mode-preview-fixture';
import { ModeToolTable } from './mode-tool-table';

// Two agent tools given as a count, then 120 catalog tools; the API gives a page of 50 of them.
const tool = (n: number) => ({
  position: n + 2,
  name: `ledger__tool_${String(n).padStart(3, '0')}`,
  canonical: `ledger/tool_${String(n).padStart(3, '0')}`,
  source: 'all' as const,
  description: `Reads ledger ${n}.`,
});
const page = (offset: number, filter = '', matching = 120) =>
  modePreviewFixture({
    mode: 'eager',
    count: 122,
    tokens: { tokens: 0, method: 'openai-functions', placeholdersExcluded: 2, methodDescription: 'o200k_base' },
    page: { offset, limit: 50, sort: 'position.asc', filter, matching },
    tools: Array.from({ length: Math.min(50, matching - offset) }, (_, i) => tool(offset + i + 1)),
  });

const rows = () => within(screen.getByTestId('mode-list')).getAllByRole('row').slice(1);
const range = () => within(screen.getByRole('navigation', { name: 'Pages of tools' })).getByRole('status').textContent;
const place = (row: HTMLElement | undefined) => within(row as HTMLElement).getAllByRole('cell')[0]?.textContent;

describe('ModeToolTable', () => {
  it('draws the page the API gave, the agent tools row on the first page only, each tool at its place in the whole list', async () => {
    const onNext = vi.fn();
    const first = page(0);
    const { rerender } = render(<ModeToolTable preview={first} list={modeListFixture(first, { pager: { ...modeListFixture(first).pager, onNext } })} />);
    expect(rows()).toHaveLength(51);
    expect(rows()[0]?.textContent).toContain('2 agent tools, given as a count');
    expect(rows()[1]?.textContent).toContain('ledger__tool_001');
    expect(range()).toBe('Showing 1–50 of 120 tools');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);

    const second = page(50);
    const pager = { first: 51, last: 100, total: 120, hasPrevious: true, hasNext: true, onPrevious: () => {}, onNext };
    rerender(<ModeToolTable preview={second} list={modeListFixture(second, { page: 2, pager })} />);
    expect(range()).toBe('Showing 51–100 of 120 tools');
    expect(rows()).toHaveLength(50);
    expect(place(rows()[0])).toBe('53');
  });

  it('asks for a search as typed, and says when the whole list has no match', async () => {
    const setSearch = vi.fn();
    render(<ModeToolTable preview={page(0)} list={modeListFixture(page(0), { setSearch })} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search this list' }), 'j');
    expect(setSearch).toHaveBeenLastCalledWith('j');

    const none = page(0, 'jira', 0);
    render(<ModeToolTable preview={none} list={modeListFixture(none, { search: 'jira' })} />);
    expect(screen.getByText('No tool of this list matches “jira”.')).toBeTruthy();
  });

  it('a found tool keeps its place in the whole list, and no agent tools row stands among the matches', () => {
    const found = modePreviewFixture({ ...page(0, 'ledger 99.', 1), tools: [tool(99)] });
    render(<ModeToolTable preview={found} list={modeListFixture(found, { search: 'ledger 99.' })} />);
    expect(rows().map(place)).toEqual(['101']);
  });

  it('a click on a header asks for that order; the rows stay in the order the API gave', async () => {
    const onSortChange = vi.fn();
    const first = page(0);
    render(<ModeToolTable preview={first} list={modeListFixture(first, { onSortChange, sort: { column: 'name', direction: 'descending' } })} />);
    expect(rows()[1]?.textContent).toContain('ledger__tool_001');
    await userEvent.click(within(screen.getByTestId('mode-list')).getByRole('button', { name: /Canonical/ }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'canonical', direction: 'ascending' });
  });
});
