import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { useFavouriteWrites } from './use-favourite-writes';
import { WriteAnnouncer } from './write-announcer';

const view: FavouritesView = {
  project: 'shop',
  enabled: true,
  maxFavourites: 15,
  tools: [],
  version: 1,
  updatedAt: '2026-12-01T09:00:00.000Z',
  pinned: 0,
  full: false,
  missingFromCatalog: [],
};

const BUDGET = 'the routers list in force is 7 tools, 1 over the attention budget of 6: fold 1 of the 2 tools in no router into routers (notes/append_note)';

/** The page's pin and its announcer, as the favourites page wires them. */
function PinHarness() {
  const writes = useFavouriteWrites('shop', view);
  return (
    <>
      <button type="button" onClick={() => void writes.run({ kind: 'pin', tool: 'tracker/list_pull' }, { said: () => 'Pinned tracker/list_pull (2 of 15).' })}>
        Pin
      </button>
      <WriteAnnouncer notice={writes.notice} busy={writes.busy} onUndo={writes.undo} />
    </>
  );
}

function answerPin(warning: string | null) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const body = { ...view, tools: ['tracker/get_issue', 'tracker/list_pull'], pinned: 2, version: 2, changed: true, warning };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', etag: '"2"' } });
  });
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PinHarness />
    </QueryClientProvider>,
  );
}

describe('what a pin warns of', () => {
  it('is said with what the pin did: a list pushed past the attention budget, and what would leave first', async () => {
    answerPin(BUDGET);
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Pin' }));
    const heard = screen.getByTestId('favourites-announcer');
    expect((await screen.findByTestId('favourites-write-warning')).textContent).toBe(BUDGET);
    expect(heard.textContent).toContain('Pinned tracker/list_pull (2 of 15).');
  });

  it('says nothing more when the answer warns of nothing', async () => {
    answerPin(null);
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Pinned tracker/list_pull (2 of 15).')).toBeTruthy();
    expect(screen.queryByTestId('favourites-write-warning')).toBeNull();
  });
});
