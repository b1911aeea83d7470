import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PresentedNames } from './presented-names';

const NAMES = Array.from({ length: 1_000 }, (_, i) => `svc__op_${String(i + 1).padStart(4, '0')}`);

describe('PresentedNames', () => {
  it('lists a thousand names a page at a time, and finds one by search', async () => {
    render(<PresentedNames names={NAMES} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Pages of names' });
    expect(within(pages).getByRole('status').textContent).toBe('Showing 1–50 of 1,000 names');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search these names' }), 'op_0917');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['svc__op_0917']);
  });

  it('keeps a short list as it was: no search, no pager', () => {
    render(<PresentedNames names={NAMES.slice(0, 3)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
