import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogServerView } from '@/lib/contracts/catalog';
import { CATALOG_TOOLS_PER_PAGE, CatalogTools } from './catalog-tools';

const server = (name: string, count: number, offset: number): CatalogServerView => ({
  name,
  position: offset,
  version: 1,
  fingerprint: `fp-${name}`,
  toolCount: count,
  updatedAt: '2026-01-01T00:00:00.000Z',
  sync: null,
  tools: Array.from({ length: count }, (_, i) => ({
    name: `tool_${String(offset + i + 1).padStart(3, '0')}`,
    description: `Reads ledger ${offset + i + 1}.`,
    inputSchema: { type: 'object' },
  })),
});
// 120 tools over two servers: eight pages of 15.
const SERVERS = [server('alpha', 60, 0), server('beta', 60, 60)];

const names = () =>
  within(screen.getByRole('table', { name: 'Catalog tools' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search tools by name, server or description' });
const range = () => within(screen.getByRole('navigation', { name: 'Pages of tools' })).getByRole('status').textContent;

describe('CatalogTools', () => {
  it('draws one page of the whole catalog, servers in order, and pages on', async () => {
    render(<CatalogTools servers={SERVERS} />);
    expect(names()).toHaveLength(CATALOG_TOOLS_PER_PAGE);
    expect(names()[0]).toBe('alpha/tool_001');
    expect(range()).toBe('Showing 1–15 of 120 tools');
    for (let i = 0; i < 7; i++) await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(range()).toBe('Showing 106–120 of 120 tools');
    expect(names().at(-1)).toBe('beta/tool_120');
  });

  it('finds a tool by its name, its server or its description, across every page', async () => {
    render(<CatalogTools servers={SERVERS} />);
    await userEvent.type(search(), 'tool_117');
    expect(names()).toEqual(['beta/tool_117']);
    await userEvent.clear(search());
    await userEvent.type(search(), 'ledger 99.');
    expect(names()).toEqual(['beta/tool_099']);
    await userEvent.clear(search());
    await userEvent.type(search(), 'beta/');
    expect(range()).toBe('Showing 1–15 of 60 tools');
    await userEvent.clear(search());
    await userEvent.type(search(), 'gamma');
    expect(screen.getByText('No tool matches “gamma”.').textContent).toBe('No tool matches “gamma”.');
  });

  it('sorts every tool, not just the page drawn', async () => {
    render(<CatalogTools servers={SERVERS} />);
    await userEvent.click(screen.getByRole('button', { name: /Canonical name/ }));
    await userEvent.click(screen.getByRole('button', { name: /Canonical name/ }));
    expect(names()[0]).toBe('beta/tool_120');
  });
});
