import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { modePreviewFixture } from './mode-preview-fixture';
import { ModeToolTable } from './mode-tool-table';

// Two agent tools given as a count, then 120 catalog tools: more than two pages.
const preview = modePreviewFixture({
  mode: 'eager',
  count: 122,
  tools: [
    { name: 'agent-tool-1', canonical: null, source: 'agent' as const, placeholder: true },
    { name: 'agent-tool-2', canonical: null, source: 'agent' as const, placeholder: true },
    ...Array.from({ length: 120 }, (_, i) => ({
      name: `ledger__tool_${String(i + 1).padStart(3, '0')}`,
      canonical: `ledger/tool_${String(i + 1).padStart(3, '0')}`,
      source: 'all' as const,
      description: `Reads ledger ${i + 1}.`,
    })),
  ],
});

const rows = () => within(screen.getByTestId('mode-list')).getAllByRole('row').slice(1);
const range = () => within(screen.getByRole('navigation', { name: 'Pages of tools' })).getByRole('status').textContent;

describe('ModeToolTable', () => {
  it('draws a page of a long mode list, the agent tools row on the first page only', async () => {
    render(<ModeToolTable preview={preview} />);
    expect(rows()).toHaveLength(51);
    expect(rows()[0]?.textContent).toContain('2 agent tools, given as a count');
    expect(rows()[1]?.textContent).toContain('ledger__tool_001');
    expect(range()).toBe('Showing 1–50 of 120 tools');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(range()).toBe('Showing 51–100 of 120 tools');
    expect(rows()).toHaveLength(50);
    // Its place in the whole list, agent tools counted.
    expect(within(rows()[0] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('53');
  });

  it('searches the whole list by name, canonical name or description', async () => {
    render(<ModeToolTable preview={preview} />);
    const search = screen.getByRole('searchbox', { name: 'Search this list' });
    await userEvent.type(search, 'ledger/tool_117');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('ledger__tool_117');
    await userEvent.clear(search);
    await userEvent.type(search, 'ledger 99.');
    expect(rows().map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['101']);
    await userEvent.clear(search);
    await userEvent.type(search, 'jira');
    expect(screen.getByText('No tool of this list matches “jira”.').textContent).toContain('jira');
  });
});
