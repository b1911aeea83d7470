import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILURE_CLASSES, type FailureClass } from '@/lib/arguments/classes';
import { type ArgumentUsage, argumentUsageSchema } from '@/lib/contracts/arguments';
import { WhyCallsFail } from './why-calls-fail';

// Next's useSearchParams follows history.replaceState; outside the App Router this stands in for it.
vi.mock('next/navigation', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (changed: () => void) => {
    window.addEventListener('test:url', changed);
    return () => window.removeEventListener('test:url', changed);
  };
  return {
    useSearchParams: () => new URLSearchParams(useSyncExternalStore(subscribe, () => window.location.search)),
    usePathname: () => window.location.pathname,
  };
});

const replaceState = window.history.replaceState.bind(window.history);
beforeEach(() => {
  replaceState(null, '', '/projects/p/usage');
  vi.spyOn(window.history, 'replaceState').mockImplementation((state, unused, url) => {
    replaceState(state, unused, url);
    window.dispatchEvent(new Event('test:url'));
  });
});

function classes(counts: Partial<Record<FailureClass, number>>) {
  return Object.fromEntries(FAILURE_CLASSES.map((c) => [c, counts[c] ?? 0])) as Record<FailureClass, number>;
}

function counts(calls: number, wellFormed: number, c: Partial<Record<FailureClass, number>>) {
  return {
    calls,
    checked: calls,
    wellFormed,
    wellFormedRate: wellFormed / calls,
    firstCalls: 2,
    firstCallRight: 1,
    firstCallRightRate: 0.5,
    classes: classes(c),
  };
}

/** Ten calls to reports/run_report, three of them with `start` for `startDate` and one with a wrong type, all from one model. */
function usage(overrides: Partial<ArgumentUsage> = {}): ArgumentUsage {
  const wrong = { tool: 'reports/run_report', key: '$.start', suggestion: 'startDate', model: 'gpt-5.4-mini', calls: 3 };
  return argumentUsageSchema.parse({
    project: 'p',
    window: { days: 30, from: '2026-11-02', to: '2026-12-01' },
    checks: 'observe',
    totals: counts(12, 9, { ok: 9, unexpected_param: 3, missing_required: 3, invented_server: 2 }),
    tools: [{ tool: 'reports/run_report', rank: 1, ...counts(10, 6, { ok: 6, unexpected_param: 3, missing_required: 3, type_error: 1 }), wrongKeys: [wrong] }],
    rows: [
      {
        tool: 'reports/run_report',
        model: 'gpt-5.4-mini',
        client: 'codex',
        ...counts(6, 2, { ok: 2, unexpected_param: 3, missing_required: 3, type_error: 1 }),
      },
      { tool: 'reports/run_report', model: 'claude-sonnet-4.5', client: 'claude-code', ...counts(4, 4, { ok: 4 }) },
    ],
    wrongKeys: [wrong],
    unchecked: [],
    ...overrides,
  });
}

function serve(answer: ArgumentUsage) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }));
}

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Why calls fail', () => {
  it('ranks the tool with its mistakes and wrong keys, and opens its table by model and client', async () => {
    serve(usage());
    render(withQueries(<WhyCallsFail id="p" window="30d" models={['gpt-5.4-mini', 'claude-sonnet-4.5']} clients={['codex']} />));

    expect((await screen.findByTestId('argument-totals')).textContent).toBe(
      '12 of 12 calls checked · 75.0% well-formed · 50.0% of first calls right · 2 calls to an invented server',
    );
    const ranking = screen.getByTestId('argument-ranking');
    const [row] = within(ranking).getAllByRole('row').slice(1);
    expect(cells(row!).slice(0, 7)).toEqual([
      '1',
      'reports/run_report',
      '10',
      '60.0%',
      '50.0%',
      // Every class the tool's calls had, the rarest too.
      'Missing required 3 · Unexpected key 3 · Wrong type 1',
      '$.start → startDate (3)',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Why calls to reports/run_report fail' }));
    const detail = await screen.findByTestId('tool-failures');
    expect(document.activeElement?.id).toBe('tool-failures-heading');
    const table = within(detail).getByTestId('tool-failure-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // Only the classes the tool's calls had, not eight columns of zeros.
    expect(headers).toEqual(['Model', 'Client', 'Checked', 'Well-formed', 'First call right', 'Ok', 'Missing required', 'Unexpected key', 'Wrong type']);
    const rows = within(table).getAllByRole('row').slice(1).map(cells);
    expect(rows[0]).toEqual(['gpt-5.4-mini', 'codex', '6', '33.3%', '50.0%', '2', '3', '3', '1']);
    expect(within(detail).getByTestId('wrong-keys').textContent).toBe('$.start → startDate, 3 calls, gpt-5.4-mini');
    expect(window.location.search).toBe('?argTool=reports%2Frun_report');
  });

  it('asks again for one model when it is picked, and keeps the choice in the URL', async () => {
    const fetch = serve(usage());
    render(withQueries(<WhyCallsFail id="p" window="7d" until="2026-12-01" models={['gpt-5.4-mini']} clients={[]} />));
    await screen.findByTestId('argument-ranking');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/projects/p/usage/arguments?window=7d&until=2026-12-01');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'gpt-5.4-mini');
    await vi.waitFor(() =>
      expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/projects/p/usage/arguments?window=7d&until=2026-12-01&model=gpt-5.4-mini'),
    );
    expect(window.location.search).toBe('?argModel=gpt-5.4-mini');
  });

  it('says the checks are off, with the way to turn them on, when nothing was checked', async () => {
    const none = counts(5, 0, {});
    serve(usage({ checks: 'off', totals: { ...none, checked: 0, wellFormed: 0, wellFormedRate: null }, tools: [], rows: [], wrongKeys: [] }));
    render(withQueries(<WhyCallsFail id="p" window="30d" models={[]} clients={[]} />));
    const empty = await screen.findByTestId('arguments-empty');
    expect(empty.textContent).toContain('Argument checks are off for this project.');
    expect(within(empty).getByRole('link', { name: 'Turn them on in Settings' }).getAttribute('href')).toBe('/projects/p/settings');
  });

  it('names the tools whose schemas do not compile', async () => {
    serve(usage({ unchecked: [{ tool: 'jira/search', reason: "can't resolve reference https://example.com/q.json", partly: false }] }));
    render(withQueries(<WhyCallsFail id="p" window="30d" models={[]} clients={[]} />));
    expect((await screen.findByTestId('unchecked-schemas')).textContent).toBe(
      "1 tool of the catalog has a schema that does not compile; its calls pass unchecked: jira/search (can't resolve reference https://example.com/q.json).",
    );
  });

  it('names apart the tools checked in part, with the patterns not judged', async () => {
    serve(
      usage({
        unchecked: [
          { tool: 'jira/search', reason: 'the inputSchema does not compile', partly: false },
          { tool: 'auth/signup', reason: 'pattern "^(?=.*\\d).{8,}$" is not judged: RE2 has no lookaround', partly: true },
        ],
      }),
    );
    render(withQueries(<WhyCallsFail id="p" window="30d" models={[]} clients={[]} />));
    expect((await screen.findByTestId('unchecked-schemas')).textContent).toBe(
      '1 tool of the catalog has a schema that does not compile; its calls pass unchecked: jira/search (the inputSchema does not compile). ' +
        '1 tool is checked in part: auth/signup (pattern "^(?=.*\\d).{8,}$" is not judged: RE2 has no lookaround).',
    );
  });

  it('pages a long ranking, ten tools at a time, and finds any tool by name', async () => {
    const base = usage();
    const one = base.tools[0]!;
    const tools = Array.from({ length: 25 }, (_, i) => ({ ...one, tool: `reports/tool_${String(i).padStart(2, '0')}`, rank: i + 1, wrongKeys: [] }));
    serve({ ...base, tools, rows: [], wrongKeys: [] });
    render(withQueries(<WhyCallsFail id="p" window="30d" models={[]} clients={[]} />));
    const ranking = await screen.findByTestId('argument-ranking');
    expect(within(ranking).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 1–10 of 25 tools');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the ranked tools by name' }), 'tool_23');
    const rows = within(screen.getByTestId('argument-ranking')).getAllByRole('row').slice(1);
    expect(rows.map((r) => cells(r)[1])).toEqual(['reports/tool_23']);
  });
});
