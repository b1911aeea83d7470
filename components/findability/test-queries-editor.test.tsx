import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestQuery } from '@/lib/contracts/findability';
import { TestQueriesEditor } from './test-queries-editor';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

/** Stands for the findability panel: one active report the save invalidates. */
function Report({ queryFn }: { queryFn: () => unknown }) {
  useQuery({ queryKey: ['project', 'shop', 'findability', 'report'], queryFn });
  return null;
}

describe('TestQueriesEditor', () => {
  it('keeps what a person types next while the reports are fetched again after a save', async () => {
    const user = userEvent.setup();
    let saved: TestQuery[] = [];
    let releaseReports: () => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      if (init?.method === 'PUT') {
        saved = JSON.parse(String(init.body)).queries;
        return json({ queries: saved });
      }
      return json({ queries: saved });
    });
    const client = new QueryClient();
    // The panel's findability report, slow to come back: the save is done, its refetch is not.
    let reports = 0;
    const report = () => (reports++ === 0 ? {} : new Promise((resolve) => (releaseReports = () => resolve({}))));
    render(
      <QueryClientProvider client={client}>
        <Report queryFn={report} />
        <TestQueriesEditor id="shop" results={[]} tools={['records/send_email']} />
      </QueryClientProvider>,
    );
    const editor = screen.getByTestId('test-queries');
    const query = within(editor).getByRole('textbox', { name: 'Query' });
    const tool = within(editor).getByLabelText('Tool (server/tool)');
    await waitFor(() => expect(editor.textContent).toContain('No test queries yet.'));

    await user.type(query, 'archive old entries');
    await user.type(tool, 'records/delete_record');
    await user.click(within(editor).getByRole('button', { name: 'Add test query' }));
    await waitFor(() =>
      expect(
        within(editor)
          .getAllByRole('row')
          .some((r) => r.textContent?.includes('archive old entries')),
      ).toBe(true),
    );
    await waitFor(() => expect(query).toHaveProperty('value', ''));
    expect(reports).toBe(2);

    await user.type(query, 'send a message');
    releaseReports();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(query).toHaveProperty('value', 'send a message');
    expect(within(editor).getByRole('button', { name: 'Add test query' })).toHaveProperty('disabled', false);
    expect(saved).toEqual([{ query: 'archive old entries', tool: 'records/delete_record' }]);
  });
});
