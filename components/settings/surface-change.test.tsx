import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useProjectQuery } from '@/components/api/use-project-query';
import { FixAction } from '@/components/preview/verdict-view';
import type { ProjectView } from '@/lib/contracts/projects';
import type { SurfacePlan } from '@/lib/contracts/surface-plan';
import { defaultSurfaceConfig, type SurfaceConfig } from '@/lib/schemas/surface-config';
import { SurfaceChangeOutcomeMessage } from './surface-change-outcome';

const base = defaultSurfaceConfig();
const project: ProjectView = {
  id: 'shop',
  description: '',
  metaTools: [],
  retentionDays: null,
  surface: base,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
};

type PlanBudget = SurfacePlan['lists'][number]['budget'];
const WITHIN: PlanBudget = { toolBudget: 30, counted: 2, overBy: 0, message: null };

function planOf(current: SurfaceConfig, proposed: SurfaceConfig, budget: PlanBudget): SurfacePlan {
  return {
    current,
    proposed,
    changes: current.mode === proposed.mode ? [] : [{ path: 'mode', before: current.mode, after: proposed.mode }],
    lists: [
      {
        proxy: { id: 'proxy-laptop1', host: 'dev-laptop', clients: ['claude-code'] },
        identity: { token: 'laptop', client: null },
        deniedByPolicy: 3,
        before: 37,
        after: 2,
        gained: { total: 1, names: ['mcp_find_tools'] },
        lost: { total: 36, names: ['github/create_issue'] },
        budget,
      },
    ],
  };
}

type Call = { method: string; url: string; body: Record<string, unknown> };

/** The API: a plan of any proposal over `inForce`, and a PATCH that compares and sets as the server does. */
function serve(initial: SurfaceConfig, budget = WITHIN) {
  let inForce = initial;
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    calls.push({ method: init?.method ?? 'GET', url: String(input), body });
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (String(input).endsWith('/surface/plan')) return json(planOf(inForce, body.surface, budget));
    if (init?.method === 'PATCH') {
      if (JSON.stringify(body.expectedSurface) !== JSON.stringify(inForce))
        return json(
          {
            error_code: 'CONFLICT',
            message: 'the surface config changed',
            retryable: false,
            suggested_action: 'plan again',
            cited_rule: '§surface',
            details: { current: inForce },
          },
          409,
        );
      inForce = body.surface;
      return json({ ...project, surface: inForce });
    }
    // A refetch takes a while, as over a network: the page draws the saved project before it ends.
    const answer = json({ ...project, surface: inForce });
    return new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 30));
  });
  return {
    calls,
    saves: () => calls.filter((c) => c.method === 'PATCH'),
    someoneElseSaves: (next: SurfaceConfig) => {
      inForce = next;
    },
  };
}

/** As in the header: the fix is offered only while the project is not yet in lazy mode, so applying it removes it. */
function LiveFix() {
  const live = useProjectQuery('shop').data;
  if (!live || live.surface.mode === 'lazy') return null;
  return <FixAction fix={{ kind: 'mode', mode: 'lazy', label: 'Use lazy mode' }} project={live} />;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SurfaceChangeOutcomeMessage projectId="shop" />
      <LiveFix />
    </QueryClientProvider>,
  );
}

/** The lazy-mode fix offered over a project in favindex mode, and pressed: the user who pressed it, and the API that answers. */
async function askForLazyMode(budget = WITHIN) {
  const user = userEvent.setup();
  const api = serve(base, budget);
  show();
  await user.click(await screen.findByRole('button', { name: 'Change the project to lazy mode…' }));
  return { user, api };
}

describe('a fix that changes what clients receive', () => {
  it('says it changes the project, shows the plan per proxy, and cancelling saves nothing', async () => {
    const { user, api } = await askForLazyMode();
    const panel = await screen.findByTestId('surface-change');
    expect(await within(panel).findByTestId('plan-count')).toHaveProperty('textContent', '37 → 2 tools');
    expect(within(panel).getByTestId('plan-fields').textContent).toBe('Mode: favourites first → lazy');
    expect(within(panel).getByTestId('plan-list').textContent).toContain('Proxy on dev-laptop (claude-code)');
    expect(within(panel).getByTestId('plan-policy').textContent).toBe(' (after the tool policy, which keeps 3 tools from these sessions)');
    expect(within(panel).getByTestId('plan-lost').textContent).toBe('− 36 tools lost');
    expect(within(panel).getByText('github/create_issue')).toBeTruthy();
    expect(within(panel).queryByTestId('plan-budget')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('surface-change')).toBeNull();
    expect(api.saves()).toEqual([]);
  });

  it('says when the list after the change would be over the attention budget, and what would have to leave first', async () => {
    const message = '34 tools, 4 over the attention budget of 30: lower maxActivatedToolsPerSession to 28.';
    await askForLazyMode({ toolBudget: 30, counted: 34, overBy: 4, message });
    const panel = await screen.findByTestId('surface-change');
    expect((await within(panel).findByTestId('plan-budget')).textContent).toBe(message);
  });

  it('applies over the planned config, keeps a message until dismissed though the fix is gone, and undoes', async () => {
    const { user, api } = await askForLazyMode();
    await screen.findByTestId('plan-count');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const message = await screen.findByTestId('surface-change-outcome');
    expect(message.textContent).toContain('Saved to the project: Mode: favourites first → lazy');
    expect(message.textContent).toContain('37 → 2 tools');
    expect(api.saves()[0]?.body).toEqual({ surface: { ...base, mode: 'lazy' }, expectedSurface: base });

    await user.click(within(message).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('surface-change-summary').textContent).toContain('Undone'));
    expect(api.saves()[1]?.body).toEqual({ surface: base, expectedSurface: { ...base, mode: 'lazy' } });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('surface-change-outcome')).toBeNull();
  });

  it('after someone else saved meanwhile, says so, saves nothing, and plans again keeping their change', async () => {
    const { user, api } = await askForLazyMode();
    await screen.findByTestId('plan-count');
    const theirs = { ...base, naming: 'slash' as const };
    api.someoneElseSaves(theirs);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('plan-replanned')).textContent).toContain('Someone else changed the project’s settings meanwhile');
    expect(api.saves()).toHaveLength(1);
    await screen.findByTestId('plan-count');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByTestId('surface-change-outcome');
    expect(api.saves()[1]?.body).toEqual({ surface: { ...theirs, mode: 'lazy' }, expectedSurface: theirs });
  });
});
