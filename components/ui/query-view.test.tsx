import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/components/api/fetch';
import { EmptyState } from './empty-state';
import { type QueryLike, QueryView } from './query-view';

const failure = new ApiClientError(404, {
  error_code: 'PROJECT_NOT_FOUND',
  message: "project 'nope' does not exist",
  retryable: false,
  suggested_action: 'check the project id, or create it with POST /api/projects',
  cited_rule: '§errors',
});

function view(query: Partial<QueryLike<string[]>>) {
  const full: QueryLike<string[]> = { data: undefined, error: null, isError: false, isPending: false, refetch: vi.fn(), ...query };
  render(
    <QueryView
      query={full}
      loadingLabel="Loading events"
      isEmpty={(events) => events.length === 0}
      empty={<EmptyState action={<button type="button">Send a test event</button>}>No events yet.</EmptyState>}
    >
      {(events) => (
        <ul>
          {events.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </QueryView>,
  );
  return full;
}

describe('QueryView', () => {
  it('shows a labelled skeleton until the first answer', () => {
    view({ isPending: true });
    expect(screen.getByRole('status', { name: 'Loading events' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the data', () => {
    view({ data: ['e1', 'e2'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['e1', 'e2']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the empty state, with its action, when there is nothing', () => {
    view({ data: [] });
    expect(screen.getByText('No events yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a test event' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('explains an error from the envelope, links its rule, and retries', async () => {
    const user = userEvent.setup();
    const query = view({ isError: true, error: failure });

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("project 'nope' does not exist");
    expect(alert.textContent).toContain('check the project id, or create it with POST /api/projects');
    expect(screen.getByRole('link', { name: '§errors' }).getAttribute('href')).toBe('/docs/rules#errors');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the last data on screen under the notice when a refresh fails', () => {
    view({ isError: true, error: new TypeError('Failed to fetch'), data: ['e1'] });
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the favindex API.');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('e1');
  });
});
