import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouterSuggestionsView } from '@/lib/contracts/router-suggestions';
import type { RoutersView } from '@/lib/contracts/routers';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { RoutersPage } from './routers-page';

const ISSUES = {
  name: 'issues',
  description: 'GitHub issues.',
  ops: [
    { op: 'get', tool: 'github/get_issue', note: 'One issue.' },
    { op: 'list', tool: 'github/list_issues', note: 'Issues of a repository.' },
  ],
};
const PULLS = { name: 'pulls', description: 'Pull requests.', ops: [{ op: 'get', tool: 'github/get_pull_request', note: 'One pull request.' }] };
const SAVED: RoutersConfig = { routers: [ISSUES, PULLS], singletons: [] };

function view(config: RoutersConfig, version: number): RoutersView & { changed: boolean; warning: null } {
  const ops = config.routers.reduce((n, r) => n + r.ops.length, 0);
  return { project: 'shop', version, updatedAt: '2026-12-01T10:00:00.000Z', ...config, ops, missingFromCatalog: [], changed: true, warning: null };
}

const SEARCH = {
  router: {
    name: 'github_search',
    description: 'Search GitHub.',
    ops: [
      { op: 'code', tool: 'github/search_code', note: 'Search code.' },
      { op: 'users', tool: 'github/search_users', note: 'Search users.' },
    ],
  },
  kind: 'verb' as const,
  server: 'github',
  why: 'They all search GitHub with a query.',
  saves: { tools: { before: 2, after: 1, saved: 1 }, tokens: { before: 400, after: 250, saved: 150, method: 'openai-functions' as const } },
};

function suggestions(version: number): RouterSuggestionsView {
  return {
    project: 'shop',
    routersVersion: version,
    catalogTools: 40,
    presented: { tools: 38, budget: 30, agentTools: 0, favourites: 0, routers: 2 },
    suggestions: { total: 1, offset: 0, limit: 10, saves: SEARCH.saves, items: [SEARCH] },
    unplaced: {
      total: 1,
      offset: 0,
      limit: 20,
      items: [
        { tool: 'github/fork_repository', rule: 'singleton', singleton: { tool: 'github/fork_repository', reason: 'The only fork.' }, why: 'The only fork.' },
      ],
      newRouters: [],
    },
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the page meets it: reads answered from `state`, each write answered by the next of `writes`. */
function serve(writes: ((body: unknown) => Response)[]) {
  const state = { version: 3, config: SAVED };
  const calls: { call: string; ifMatch: string | null; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    if (method === 'GET') {
      if (url.includes('/routers/suggestions')) return json(suggestions(state.version));
      if (url.includes('/routers/history')) return json({ project: 'shop', currentVersion: state.version, changes: [], next: null });
      return json(view(state.config, state.version));
    }
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ call: `${method} ${url.replace(/^https?:\/\/[^/]+/, '')}`, ifMatch: headers.get('if-match'), body });
    const answer = writes.shift()?.(body) ?? json({}, 500);
    if (answer.status === 200) {
      const written = (await answer.clone().json()) as RoutersView;
      state.version = written.version;
      state.config = { routers: written.routers, singletons: written.singletons };
    }
    return answer;
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RoutersPage id="shop" />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => vi.restoreAllMocks());

describe('RoutersPage', () => {
  it('moves an op, makes a tool a singleton with its reason, and saves the whole routers over the version read', async () => {
    const { calls, user } = serve([(body) => json(view(body as RoutersConfig, 4))]);
    const issues = await screen.findByRole('listitem', { name: 'Router 1: issues' });
    expect((await screen.findByTestId('routers-budget')).textContent).toContain('38 / 30');

    await user.selectOptions(within(issues).getByRole('combobox', { name: 'Move github/list_issues to' }), 'pulls');
    await user.click(within(issues).getByRole('button', { name: 'Move github/list_issues' }));
    expect(screen.getByTestId('routers-notice').textContent).toContain('Moved github/list_issues to pulls.');
    const pulls = screen.getByRole('listitem', { name: 'Router 2: pulls' });
    expect(within(pulls).getByRole('listitem', { name: 'pulls.list' })).toBeTruthy();

    const fork = within(screen.getByTestId('unplaced-tools')).getByRole('listitem', { name: 'github/fork_repository' });
    await user.click(within(fork).getByRole('button', { name: 'Make github/fork_repository a singleton…' }));
    // The reason proposed is there to keep or rewrite.
    const reason = within(fork).getByRole('textbox', { name: 'Reason github/fork_repository is a singleton' });
    expect((reason as HTMLInputElement).value).toBe('The only fork.');
    await user.clear(reason);
    await user.type(reason, 'Forks nothing else does.');
    await user.click(within(fork).getByRole('button', { name: 'Make singleton' }));
    const singleton = within(screen.getByRole('list', { name: 'Singletons' })).getByRole('textbox', { name: 'Reason for github/fork_repository' });
    expect((singleton as HTMLInputElement).value).toBe('Forks nothing else does.');
    // Apply saves on its own, so it waits while there are changes.
    expect(screen.getByRole('button', { name: 'Apply github_search' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved as version 4.')).toBeTruthy();
    expect(calls).toEqual([
      {
        call: 'PUT /api/projects/shop/routers',
        ifMatch: '"3"',
        body: {
          routers: [
            { ...ISSUES, ops: [ISSUES.ops[0]] },
            { ...PULLS, ops: [...PULLS.ops, ISSUES.ops[1]] },
          ],
          singletons: [{ tool: 'github/fork_repository', reason: 'Forks nothing else does.' }],
        },
      },
    ]);
    expect(screen.getByText('No unsaved changes.')).toBeTruthy();
  });

  it('applies a suggestion as its own saved version, and undoes it', async () => {
    const { calls, user } = serve([(body) => json(view(body as RoutersConfig, 4)), () => json({ ...view(SAVED, 5), undid: 4 })]);
    await user.click(await screen.findByRole('button', { name: 'Apply github_search' }));
    expect(await screen.findByText('Applied router github_search: saved as version 4. Undo takes it back.')).toBeTruthy();
    expect(calls[0]).toEqual({ call: 'PUT /api/projects/shop/routers', ifMatch: '"3"', body: { routers: [ISSUES, PULLS, SEARCH.router], singletons: [] } });
    expect(await screen.findByRole('listitem', { name: 'Router 3: github_search' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Undo the last change' }));
    expect(await screen.findByText('Undid version 4: the routers are as they were before it, now as version 5.')).toBeTruthy();
    expect(calls[1]).toMatchObject({ call: 'POST /api/projects/shop/routers/undo', ifMatch: '"4"' });
    expect(screen.queryByRole('listitem', { name: 'Router 3: github_search' })).toBeNull();
  });

  it('says plainly when someone saved meanwhile, saves nothing, and reloads theirs on request', async () => {
    const stale = {
      error_code: 'VERSION_MISMATCH',
      message: 'the routers changed since version 3',
      retryable: false,
      suggested_action: 'read the routers again',
      cited_rule: '§routers',
      details: { currentVersion: 7, current: { routers: [PULLS], singletons: [] } },
    };
    const { calls, user } = serve([() => json(stale, 412)]);
    const issues = await screen.findByRole('listitem', { name: 'Router 1: issues' });
    await user.clear(within(issues).getByRole('textbox', { name: 'Router 1: name' }));
    await user.type(within(issues).getByRole('textbox', { name: 'Router 1: name' }), 'gh issues');
    expect(screen.getByTestId('routers-problems').textContent).toContain('routers.0.name: a router name is letters, digits, _ and -');
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-disabled')).toBe('true');
    await user.clear(within(issues).getByRole('textbox', { name: 'Router 1: name' }));
    await user.type(within(issues).getByRole('textbox', { name: 'Router 1: name' }), 'gh_issues');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Someone saved other routers meanwhile (version 7 is in force now), so nothing was saved.',
    );
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reload theirs (drops your changes)' }));
    expect(await screen.findByText('Reloaded the routers in force: version 3. Your changes were dropped.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Router 1: name' }) as HTMLInputElement).value).toBe('issues');
  });
});
