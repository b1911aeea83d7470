import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventView } from '@/lib/contracts/events';
import { FirstEventStatus } from './first-event-status';

const CONTEXT = { servers: ['memory'], tools: new Set(['memory/read_graph']), catalogRefused: false };

function event(id: string, tool: string, resolved: boolean): EventView {
  return {
    id,
    timestamp: '2026-12-07T10:00:00.000Z',
    tool,
    canonical: resolved ? 'memory/read_graph' : null,
    namespace: 'bare',
    kind: resolved ? 'tool' : 'unresolved',
    unresolvedReason: resolved ? null : "no catalog tool is named 'no_such_tool'",
    sessionId: 's1',
    status: resolved ? 'ok' : 'error',
    errorCode: null,
    durationMs: 3,
    model: null,
    client: 'claude-code',
    token: null,
    surfaceRevision: 1,
    mode: 'favindex',
    protocolVersion: null,
    failureClasses: null,
    argumentProblems: null,
  };
}

const show = (events: { first: EventView; latest: EventView; works: EventView | null }) =>
  render(<FirstEventStatus base="/projects/p" events={events} context={CONTEXT} onDismiss={() => {}} />);

describe('FirstEventStatus (issue 46)', () => {
  it('stays green after ten good calls and then an unknown name, showing the first and the latest apart', () => {
    const first = event('e1', 'fav_read_graph', true);
    show({ first, latest: event('e11', 'no_such_tool', false), works: event('e10', 'fav_read_graph', true) });
    expect(screen.getByRole('status').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('ok');
    expect(screen.getByTestId('setup-works').textContent).toContain('Set-up works: a call resolved to memory/read_graph');
    expect(screen.getByTestId('first-event').textContent).toContain('First event received: fav_read_graph → memory/read_graph');
    expect(screen.getByTestId('latest-event').textContent).toContain('Latest event: no_such_tool');
    expect(screen.getByTestId('latest-event').textContent).toContain('The set-up still works');
    expect(screen.queryByTestId('first-event-fix')).toBeNull();
  });

  it('is amber with the fix for the newest event while no call has resolved', () => {
    show({ first: event('e1', 'no_such_tool', false), latest: event('e2', 'no_such_tool', false), works: null });
    expect(screen.getByRole('status').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('warn');
    expect(screen.queryByTestId('setup-works')).toBeNull();
    expect(screen.getByTestId('first-event-fix').textContent).toContain("Why: no catalog tool is named 'no_such_tool'");
  });
});
