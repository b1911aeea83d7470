import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type QueryLike, QueryView } from './query-view';

const pending: QueryLike<string[]> = { data: undefined, error: null, isError: false, isPending: true, refetch: vi.fn() };
const answered: QueryLike<string[]> = { ...pending, isPending: false, data: ['e1', 'e2'] };

function Events({ query }: { query: QueryLike<string[]> }) {
  return (
    <QueryView query={query} loadingLabel="Loading events">
      {(events) => (
        <ul>
          {events.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('QueryView while hydrating', () => {
  // The server never has the data; the page's own code may arrive after the data did (#22).
  it('hydrates to the skeleton the server drew when the data is already here, then shows the data', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Events query={pending} />);
    document.body.append(container);
    const onRecoverableError = vi.fn();

    await act(async () => {
      root = hydrateRoot(container, <Events query={answered} />, { onRecoverableError });
    });

    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['e1', 'e2']);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
