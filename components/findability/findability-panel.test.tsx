import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINDABILITY_ASKED_ABOVE } from '@/lib/limits';
import { FindabilityPanel } from './findability-panel';

afterEach(() => vi.restoreAllMocks());

/** The panel on a page whose preview is in (or not), fetch answering nothing: what it asks for is what is checked. */
function show(props: { catalogTools?: number; after?: boolean }) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FindabilityPanel id="shop" client="claude-code" {...props} />
    </QueryClientProvider>,
  );
  const asked = () => fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/findability'));
  return { asked };
}

describe('FindabilityPanel', () => {
  it('asks for the report once the preview above it is in', async () => {
    const { asked } = show({ catalogTools: 40, after: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toEqual([]);
    show({ catalogTools: 40 });
    await waitFor(() => expect(asked()).toEqual(['/api/projects/shop/findability?client=claude-code']));
  });

  it('for a catalog past the bound, runs the report only when a person asks, and says why', async () => {
    const user = userEvent.setup();
    const { asked } = show({ catalogTools: FINDABILITY_ASKED_ABOVE + 1 });
    expect(screen.getByTestId('findability-on-request').textContent).toContain('each of the 2,001 tools');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Check findability' }));
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect(screen.queryByTestId('findability-on-request')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading findability' })).toBeTruthy();
  });
});
