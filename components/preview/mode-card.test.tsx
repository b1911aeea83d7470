import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectView } from '@/lib/contracts/projects';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import type { ModePreview } from '@/lib/surface/preview';
import { modeVerdict, type VerdictContext } from '@/lib/surface/verdict';
import { ModeCard } from './mode-card';
import { modePreviewFixture } from './mode-preview-fixture';

const tool = (i: number) => ({ name: `server__tool_${i}`, canonical: `server/tool_${i}`, source: 'typed' as const });

const eager = modePreviewFixture({
  mode: 'eager',
  count: 43,
  cap: 40,
  fits: false,
  overBy: 3,
  tokens: { tokens: 900, method: 'openai-functions', placeholdersExcluded: 0, methodDescription: 'o200k_base' },
  // As the API works it out over the whole list: the three sent in full past the cap.
  lost: { count: 3, tools: [41, 42, 43].map((i) => ({ name: `server/tool_${i}`, why: 'past the cap of 40' })) },
  tools: Array.from({ length: 43 }, (_, i) => tool(i + 1)),
});

const context: VerdictContext = {
  target: { id: 'cursor', label: 'Cursor', cap: 40, warnAbove: null },
  client: { id: 'raw', label: 'raw' },
  catalog: { servers: 1, tools: 43 },
  limits: { maxToolsPerRequest: 120, maxActivatedToolsPerSession: 40, maxPinnedServers: 3, retrieveK: 10 },
  modes: [eager],
  configured: false,
};

const project: ProjectView = {
  id: 'shop',
  description: '',
  metaTools: [],
  retentionDays: null,
  surface: defaultSurfaceConfig(),
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
};

function show(preview: ModePreview, ctx = context, route?: { client: string | null; target: string }) {
  const onTarget = vi.fn();
  const verdict = modeVerdict(preview, ctx);
  // A fix that saves asks the API for its plan first; this one never answers, and nothing may be saved.
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModeCard
        preview={preview}
        verdict={verdict}
        warnAbove={null}
        configured={ctx.configured}
        open={false}
        onOpen={() => {}}
        fix={{ project, onTarget }}
        route={route}
      />
    </QueryClientProvider>,
  );
  return { card: screen.getByTestId(`mode-card-${preview.mode}`), onTarget, fetch };
}

describe('ModeCard', () => {
  it('over a cap: one warning, why, the tools left out by name, and the target that takes them', async () => {
    const user = userEvent.setup();
    const { card, onTarget } = show(eager);
    expect(card.dataset.verdict).toBe('warning');
    expect(within(card).getByTestId('verdict-level').textContent).toBe('Warning');
    expect(within(card).getByTestId('verdict-reason').textContent).toBe('3 tools over Cursor’s cap of 40 will not reach the model.');
    expect(within(card).getByTestId('over-cap').textContent).toBe('over the cap by 3');
    // "over the cap by 3" never stands beside "Left out: none".
    expect(within(card).getByTestId('left-out-count').textContent).toBe('3 tools');
    expect(within(card).getByTestId('left-out-list').textContent).toContain('server/tool_43');
    expect(within(card).queryByText('fits')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Preview at Windsurf' }));
    expect(onTarget).toHaveBeenCalledWith('windsurf');
  });

  it('thousands lost: counts them all, names the first hundred and says how many more the list holds', () => {
    const lost = { count: 9_872, tools: Array.from({ length: 100 }, (_, i) => ({ name: `server/tool_${i + 129}`, why: 'past the cap of 128' })) };
    const { card } = show({ ...eager, count: 10_000, overBy: 9_872, cap: 128, lost });
    expect(within(card).getByTestId('left-out-count').textContent).toBe('9,872 tools');
    expect(within(within(card).getByTestId('left-out-list')).getAllByRole('listitem')).toHaveLength(100);
    expect(within(card).getByTestId('left-out-more').textContent).toBe('and 9,772 more tools: open the list to see each one.');
  });

  it('refused as a whole: broken, never a green word, and the naming fix as a button that asks before it changes the project', async () => {
    const user = userEvent.setup();
    const refused: ModePreview = {
      ...eager,
      mode: 'favindex',
      count: 30,
      visibility: { ...eager.visibility, full: 30 },
      cap: 128,
      fits: true,
      overBy: 0,
      refused: { client: 0, provider: 28 },
      requestRefused: { by: 'provider', message: 'OpenAI would refuse this request as a whole: 28 tool name(s) break its rule.' },
      fix: { naming: 'safe', message: 'Switch to safe names.' },
      tools: eager.tools.slice(0, 30),
    };
    const { card, fetch } = show(refused, { ...context, target: { id: 'openai', label: 'OpenAI', cap: 128, warnAbove: null } });
    expect(card.dataset.verdict).toBe('broken');
    expect(within(card).getByTestId('verdict-level').textContent).toBe('Broken');
    expect(within(card).getByTestId('left-out-count').textContent).toBe('the whole request');
    expect(within(card).getByTestId('cap-count').textContent).toBe('30 / 128 tools');
    await user.click(within(card).getByRole('button', { name: 'Change the project to safe names…' }));
    expect(within(card).getByRole('group', { name: 'Change the project to safe names' }).textContent).toContain('Nothing is saved until you apply.');
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual(['POST /api/projects/shop/surface/plan']);
  });

  it('ok: says so in words, with no fix to offer', () => {
    const fine: ModePreview = { ...eager, count: 20, fits: true, overBy: 0, lost: { count: 0, tools: [] }, tools: eager.tools.slice(0, 20) };
    const { card } = show(fine);
    expect(card.dataset.verdict).toBe('ok');
    expect(within(card).getByTestId('verdict-reason').textContent).toBe('20 tools, within Cursor’s cap of 40; Cursor accepts every name.');
    expect(within(card).queryByTestId('verdict-fix')).toBeNull();
    expect(within(card).getByTestId('left-out-count').textContent).toBe('none');
    expect(within(card).queryByTestId('verdict-budget')).toBeNull();
  });

  it('over the attention budget: the budget line under the verdict, with what leaves first and the mode of the preview within it', () => {
    const message =
      '20 tools, 5 over the attention budget of 15: 5 catalog tools would have to leave the catalog or be kept back by the tool policy: this mode lists every one.';
    const fine: ModePreview = {
      ...eager,
      count: 20,
      fits: true,
      overBy: 0,
      lost: { count: 0, tools: [] },
      tools: eager.tools.slice(0, 20),
      budget: { toolBudget: 15, counted: 20, overBy: 5, message },
    };
    const lazy = modePreviewFixture({ mode: 'lazy', count: 1, budget: { toolBudget: 15, counted: 1, overBy: 0, message: null } });
    const { card } = show(fine, { ...context, modes: [fine, lazy] });
    expect(card.dataset.verdict).toBe('ok');
    expect(within(card).getByTestId('verdict-budget').textContent).toBe(`${message} Within it: lazy (1 tool).`);
  });

  it('one verdict: a client that leaves tools out never stands beside a green "within the cap", and its own smaller limit is the one counted', () => {
    const cursor: ModePreview = {
      ...eager,
      count: 40,
      cap: 128,
      clientCap: 40,
      fits: true,
      overBy: 0,
      refused: { client: 41, provider: 0 },
      visibility: { ...eager.visibility, full: 40 },
      lost: { count: 41, tools: Array.from({ length: 41 }, (_, i) => ({ name: `server/tool_${100 + i}`, why: 'past Cursor’s 40-tool limit' })) },
      tools: [
        ...eager.tools.slice(0, 40),
        ...Array.from({ length: 41 }, (_, i) => ({
          ...tool(100 + i),
          marks: [{ kind: 'refused-by-client' as const, message: 'past Cursor’s 40-tool limit' }],
        })),
      ],
    };
    const ctx: VerdictContext = { ...context, target: { id: 'openai', label: 'OpenAI', cap: 128, warnAbove: null }, client: { id: 'cursor', label: 'Cursor' } };
    const { card } = show(cursor, ctx, { client: 'Cursor', target: 'OpenAI' });
    expect(card.dataset.verdict).toBe('warning');
    expect(within(card).getByTestId('verdict-reason').textContent).toBe('Cursor leaves out 41 tools.');
    expect(within(card).queryByText('within the cap')).toBeNull();
    expect(within(card).getByTestId('client-left-out').textContent).toBe('Cursor left out 41');
    expect(within(card).getByTestId('cap-count').textContent).toBe('40 / 40 tools');
    expect(within(card).getByTestId('cap-which').textContent).toBe(
      'Counted against Cursor’s own limit: it sends at most 40 tools, so OpenAI’s cap of 128 never comes into play.',
    );
  });

  it('names a count it shows with its meaning, visible without hover: "Names to check", not "Not known"', () => {
    const { card } = show({ ...eager, count: 20, fits: true, overBy: 0, unknown: 7, lost: { count: 0, tools: [] }, tools: eager.tools.slice(0, 20) }, context, {
      client: 'Cursor',
      target: 'Cursor',
    });
    expect(within(card).queryByText('Not known')).toBeNull();
    expect(within(card).getByTestId('line-unclear').textContent).toBe('7');
    const terms = within(card).getByTestId('card-terms');
    expect(terms.textContent).toContain("Names to check: Names with characters (such as '/') whose handling by Cursor is not published");
  });
});
