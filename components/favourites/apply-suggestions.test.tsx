import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { ApplySuggestions } from './apply-suggestions';

const view = (version: number, tools: string[]): FavouritesView => ({
  project: 'p',
  enabled: true,
  maxFavourites: 3,
  tools,
  version,
  updatedAt: '2026-12-06T00:00:00.000Z',
  pinned: tools.length,
  full: false,
  missingFromCatalog: [],
});

describe('applying the suggestions', () => {
  it('shows the change against the list on the page, and sends it guarded by that list’s version', async () => {
    const apply = vi.fn(async () => true);
    // The page has caught up with a pin made elsewhere (version 2): the change it shows is from that list.
    render(<ApplySuggestions view={view(2, ['github/get_issue'])} suggested={['github/create_issue', 'fs/read_file']} busy={false} onApply={apply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply suggestions…' }));
    const confirm = screen.getByRole('group', { name: 'Confirm the suggested favourites' });
    expect(confirm.textContent).toContain('pin github/create_issue');
    expect(confirm.textContent).toContain('unpin github/get_issue');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(apply).toHaveBeenCalledWith({ enabled: true, maxFavourites: 3, tools: ['github/create_issue', 'fs/read_file'] }, 2);
  });
});
