import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProxyList, ProxyView } from '@/lib/contracts/proxies';
import { proxyReport } from '@/test/proxy-reports';
import { ProxiesPage } from './proxies-page';

const NOW = new Date().toISOString();

function proxy(overrides: Partial<ProxyView> = {}): ProxyView {
  const report = proxyReport([
    { name: 'filesystem', tools: 14 },
    { name: 'memory', tools: 9 },
  ]);
  return { id: 'proxy-laptop1', ...report, firstSeenAt: NOW, lastSeenAt: NOW, connected: true, ...overrides };
}

function serve(list: ProxyList) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } }));
}

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('ProxiesPage', () => {
  it('shows each proxy: host, version, last seen, its servers and their state, clients, tools presented, backlog and last error', async () => {
    const down = proxy();
    down.servers[0] = { name: 'filesystem', state: 'up', tools: 14, lastError: null, restarts: 0, protocol: '2026-07-28' };
    down.servers[1] = { name: 'memory', state: 'down', tools: 9, lastError: 'exited with code 1', restarts: 3, protocol: null };
    serve({
      connectedWithinMs: 90_000,
      proxies: [
        {
          ...down,
          spool: { events: 12, bytes: 4_096, lagMs: 14_200, dropped: 2, lost: 0, lostCause: null, setAside: 0 },
          lastError: 'favindex refused PUT /catalog: this token lacks the scope catalog:write',
        },
      ],
    });
    render(withQueries(<ProxiesPage projectId="team-agent" />));

    const card = await screen.findByRole('region', { name: 'dev-laptop' });
    expect(within(card).getByText('connected')).toBeTruthy();
    expect(within(card).getByTestId('proxy-last-seen').textContent).toMatch(/^last seen /);
    expect(within(card).getByText('favindex proxy 0.1.0, over stdio')).toBeTruthy();
    expect(within(card).getByTestId('proxy-clients').textContent).toBe('claude-code (1 session, MCP 2025-11-25)');
    expect(within(card).getByTestId('proxy-presented').textContent).toContain('3 tools to a new session');
    expect(within(card).getByTestId('proxy-backlog').textContent).toBe('12 events (4 KiB) waiting, the oldest for 14 s; 2 dropped (spool full)');
    expect(within(card).getByTestId('proxy-last-error').textContent).toContain('lacks the scope catalog:write');
    const rows = within(within(card).getByTestId('proxy-servers')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['filesystem', 'up', '14', '2026-07-28', '0', 'none'],
      ['memory', 'failed', '9', '—', '3', 'exited with code 1'],
    ]);
    expect(within(card).getByTestId('proxy-servers-not-up').textContent).toBe(
      'Not up: memory failed: exited with code 1. What these servers offer is missing from the lists until they are up.',
    );
    expect(screen.queryByTestId('no-proxy')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Forget/ })).toBeNull();
  });

  it('says how many traces were lost and why (a full disk), and how many favindex refused for good', async () => {
    serve({
      connectedWithinMs: 90_000,
      proxies: [proxy({ spool: { events: 0, bytes: 0, lagMs: 0, dropped: 0, lost: 2_242, lostCause: 'disk full (ENOSPC)', setAside: 1 } })],
    });
    render(withQueries(<ProxiesPage projectId="team-agent" />));

    const card = await screen.findByRole('region', { name: 'dev-laptop' });
    expect(within(card).getByTestId('proxy-backlog').textContent).toBe(
      '0 events (0 B) waiting; 2,242 lost: disk full (ENOSPC); 1 set aside (favindex refused them)',
    );
    // Every server up: nothing to say of them.
    expect(within(card).queryByTestId('proxy-servers-not-up')).toBeNull();
  });

  it('says plainly which server is still starting (its lists wait for it, its tools are not in them yet)', async () => {
    const slow = proxy();
    slow.servers[0] = { name: 'everything', state: 'starting', tools: 0, lastError: null, restarts: 0, protocol: null };
    serve({ connectedWithinMs: 90_000, proxies: [slow] });
    render(withQueries(<ProxiesPage projectId="team-agent" />));

    const card = await screen.findByRole('region', { name: 'dev-laptop' });
    expect(within(card).getByTestId('proxy-servers-not-up').textContent).toBe(
      'Not up: everything is starting. What these servers offer is missing from the lists until they are up.',
    );
    expect(within(within(card).getByTestId('proxy-servers')).getAllByRole('row')[1]?.textContent).toContain('starting');
  });

  it('says no proxy is connected and what to do, above the proxies seen before, which can be forgotten', async () => {
    serve({ connectedWithinMs: 90_000, proxies: [proxy({ connected: false, state: 'stopped' })] });
    render(withQueries(<ProxiesPage projectId="team-agent" />));

    const none = await screen.findByRole('region', { name: 'No proxy connected' });
    expect(within(none).getByText('1 proxy seen before')).toBeTruthy();
    expect(none.textContent).toContain('events:write, surface:read, catalog:write');
    expect(within(none).getByTestId('proxy-command').textContent).toMatch(
      /^favindex proxy --project team-agent --url http:\/\/\S+ --token <token> --config servers\.json$/,
    );
    const card = screen.getByRole('region', { name: 'dev-laptop' });
    expect(within(card).getByText('stopped')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Forget this proxy…' })).toBeTruthy();
  });

  it('with no proxy ever seen, says only that none is connected', async () => {
    serve({ connectedWithinMs: 90_000, proxies: [] });
    render(withQueries(<ProxiesPage projectId="team-agent" />));
    const none = await screen.findByRole('region', { name: 'No proxy connected' });
    expect(none.textContent).toContain('in the last 90 s');
    expect(screen.queryAllByTestId('proxy-card')).toEqual([]);
  });
});
