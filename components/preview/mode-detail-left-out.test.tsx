import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModeDetail } from './mode-detail';
import { modeListFixture, modePreviewFixture } from './mode-preview-fixture';

// A big catalog over a small cap: 300 tools left out.
const leftOut = Array.from({ length: 300 }, (_, i) => ({
  canonical: `ledger/tool_${String(i + 1).padStart(3, '0')}`,
  name: `ledger__tool_${String(i + 1).padStart(3, '0')}`,
  reason: 'not-in-catalog' as const,
  message: 'no catalog server lists it',
}));
const preview = modePreviewFixture({ mode: 'pinned', leftOut });

describe('ModeDetail left-out list', () => {
  it('says how many were left out and lists them a page at a time', async () => {
    render(<ModeDetail list={modeListFixture(preview)} wholeList={async () => []} />);
    expect(screen.getByText('Left out (300)')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of left-out tools' });
    expect(within(pages).getByRole('status').textContent).toBe('Showing 1–20 of 300 left-out tools');
    expect(screen.getAllByText('no catalog server lists it', { exact: false })).toHaveLength(20);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(screen.getByText('ledger/tool_021')).toBeTruthy();
  });
});
