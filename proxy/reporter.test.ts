import { PolicyGate } from './policy-gate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyReportSchema, type ProxyReport } from '@/lib/schemas/proxies';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { keptProblems } from '@/test/proxy-problems';
import { FavindexError } from './favindex-api';
import { ProxyReporter, type ReportedState, type ReporterOptions } from './reporter';
import { surfaceView } from './surface-view';
import { ProxySession } from './session';
import type { UpstreamState } from './upstreams';
import type { LeftOutTool } from '@/mcp/fetch-tools';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function stateDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-reporter-'));
  dirs.push(dir);
  return dir;
}

const TOOL = { name: 'read_file', description: 'Read a file', inputSchema: { type: 'object' as const } };

function fakeState(): ReportedState & {
  upstream: { name: string; state: UpstreamState; lastError: string | null; restarts: number; protocolVersion: string | null; leftOut: LeftOutTool[] };
} {
  const upstream = {
    name: 'filesystem',
    state: 'starting' as UpstreamState,
    lastError: null as string | null,
    restarts: 0,
    protocolVersion: null as string | null,
    leftOut: [] as LeftOutTool[],
  };
  return {
    upstream,
    upstreams: new Map([['filesystem', upstream]]),
    tools: new Map([['filesystem', { tools: [TOOL], raw: [TOOL], fingerprint: 'f' }]]),
    presenter: {
      sessions: new Set<ProxySession>(),
      view: surfaceView(null),
      catalog: prepareCatalog([{ name: 'filesystem', tools: [TOOL] }]),
      policy: new PolicyGate(),
    },
  };
}

function reporterOptions(dir: string, state: ReportedState, api: ReporterOptions['api'], log: (message: string) => void): ReporterOptions {
  return {
    api,
    state,
    spool: { backlog: () => ({ events: 2, bytes: 300, oldestAt: null }), dropped: 0, trouble: { lost: 0, lostCause: null }, rejected: { count: 0 } },
    stateDir: dir,
    transport: 'stdio',
    version: '0.1.0',
    lastError: () => 'favindex refused PUT /catalog: this token lacks the scope catalog:write',
    log,
    checkMs: 10,
    intervalMs: 60_000,
  };
}

function reporter(dir: string, state: ReportedState, put: (id: string, report: ProxyReport) => Promise<unknown>, log = vi.fn()) {
  const api = { putProxyReport: vi.fn(async (id: string, report: ProxyReport) => put(id, report)) };
  const r = new ProxyReporter(reporterOptions(dir, state, api, log));
  return { r, api, log };
}

describe('ProxyReporter', () => {
  it('keeps one id in the state folder across restarts', () => {
    const dir = stateDir();
    const first = reporter(dir, fakeState(), async () => ({})).r.id;
    expect(fs.readFileSync(path.join(dir, 'proxy-id'), 'utf8').trim()).toBe(first);
    expect(reporter(dir, fakeState(), async () => ({})).r.id).toBe(first);
    expect(reporter(stateDir(), fakeState(), async () => ({})).r.id).not.toBe(first);
  });

  it('reports at start what favindex accepts, again after a change, and a last report saying it stopped', async () => {
    const state = fakeState();
    const reports: ProxyReport[] = [];
    const { r } = reporter(stateDir(), state, async (_id, report) => {
      reports.push(report);
      return {};
    });
    r.start();
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    const first = reports[0];
    expect(proxyReportSchema.parse(first)).toEqual(first);
    expect(first).toMatchObject({
      state: 'running',
      servers: [{ name: 'filesystem', state: 'starting', tools: 1 }],
      clients: [],
      spool: { events: 2, bytes: 300, dropped: 0 },
      lastError: expect.stringContaining('catalog:write'),
    });
    expect(first?.presented.count).toBe(first?.presented.names.length);

    state.upstream.state = 'up';
    state.upstream.protocolVersion = '2026-07-28';
    const session = new ProxySession(async () => {});
    session.client = 'claude-code';
    state.presenter.sessions.add(session);
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[0]?.servers[0]).not.toHaveProperty('protocol');
    expect(reports[1]).toMatchObject({ servers: [{ state: 'up', protocol: '2026-07-28' }], clients: [{ name: 'claude-code', sessions: 1 }] });

    await r.stop(1_000);
    expect(reports.at(-1)?.state).toBe('stopped');
  });

  it("says a tool left out of a server's list on that server's line, the server up, and a down server's own error first", async () => {
    const state = fakeState();
    Object.assign(state.upstream, { state: 'up', leftOut: [{ name: 'deep', reason: 'it nests deeper than a catalog may' }] });
    const reports: ProxyReport[] = [];
    const { r } = reporter(stateDir(), state, async (_id, report) => reports.push(report));
    r.start();
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]?.servers).toEqual([
      expect.objectContaining({ state: 'up', lastError: "left out tool 'deep' (it nests deeper than a catalog may); the other tools are served" }),
    ]);
    Object.assign(state.upstream, { state: 'down', lastError: 'the server exited' });
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]?.servers[0]).toMatchObject({ state: 'down', lastError: 'the server exited' });
    await r.stop(500);
  });

  it('logs a refused report once, runs on, and the stop waits no longer than it says', async () => {
    const log = vi.fn();
    const refusal = new FavindexError('favindex refused PUT /proxies: this token lacks the scope surface:read (HTTP 403 FORBIDDEN)', 403, false);
    const { r, api } = reporter(stateDir(), fakeState(), async () => Promise.reject(refusal), log);
    r.start();
    await vi.waitFor(() => expect(api.putProxyReport).toHaveBeenCalled());
    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(1));
    expect(log.mock.calls[0]?.[0]).toContain('surface:read');

    const hanging = reporter(stateDir(), fakeState(), () => new Promise(() => {})).r;
    hanging.start();
    await hanging.stop(50);
    await r.stop(50);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('says an unreachable favindex where the other requests do, once for all of them', async () => {
    const { problems, lines } = keptProblems('http://127.0.0.1:9');
    const gone = new FavindexError('cannot reach favindex at http://127.0.0.1:9', null, true);
    problems.report(gone, 'surface');
    let answer: () => Promise<unknown> = () => Promise.reject(gone);
    const api = { putProxyReport: vi.fn(() => answer()) };
    const log = vi.fn();
    const r = new ProxyReporter({ ...reporterOptions(stateDir(), fakeState(), api, log), problems });
    r.start();
    await vi.waitFor(() => expect(api.putProxyReport).toHaveBeenCalled());
    expect(lines.filter((l) => l.includes('cannot reach favindex'))).toHaveLength(1);
    answer = async () => ({});
    await r.stop(500);
    expect(lines.at(-1)).toBe('favindex at http://127.0.0.1:9 answers again');
    expect(log).not.toHaveBeenCalled();
  });

  it('reports traces lost to the disk, and why, soon after they start to be, and traces set aside; none of it while there is none', async () => {
    const reports: ProxyReport[] = [];
    const spool = {
      backlog: () => ({ events: 0, bytes: 0, oldestAt: null }),
      dropped: 0,
      trouble: { lost: 0, lostCause: null as string | null },
      rejected: { count: 0 },
    };
    const api = { putProxyReport: vi.fn(async (_id: string, report: ProxyReport) => reports.push(report)) };
    const r = new ProxyReporter({ ...reporterOptions(stateDir(), fakeState(), api, vi.fn()), spool });
    r.start();
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    // What an older favindex takes: no field it does not know.
    expect(reports[0]?.spool).toEqual({ events: 0, bytes: 0, dropped: 0 });

    Object.assign(spool.trouble, { lost: 2_242, lostCause: 'disk full (ENOSPC)' });
    spool.rejected.count = 1;
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]?.spool).toEqual({ events: 0, bytes: 0, dropped: 0, lost: 2_242, lostCause: 'disk full (ENOSPC)', setAside: 1 });
    expect(proxyReportSchema.parse(reports[1])).toEqual(reports[1]);
    await r.stop(500);
  });

  it('says how long its oldest unsent trace has waited once that is a second or more, and nothing of it while the proxy keeps up', async () => {
    const reports: ProxyReport[] = [];
    let oldest: number | null = Date.now() - 400;
    const spool = { backlog: () => ({ events: 3, bytes: 900, oldestAt: oldest }), dropped: 0, trouble: { lost: 0, lostCause: null }, rejected: { count: 0 } };
    const api = { putProxyReport: vi.fn(async (_id: string, report: ProxyReport) => reports.push(report)) };
    const r = new ProxyReporter({ ...reporterOptions(stateDir(), fakeState(), api, vi.fn()), spool, intervalMs: 20 });
    r.start();
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]?.spool).toEqual({ events: 3, bytes: 900, dropped: 0 });
    oldest = Date.now() - 12_000;
    await vi.waitFor(() => expect(reports.at(-1)?.spool.lagMs).toBeGreaterThanOrEqual(12_000));
    expect(proxyReportSchema.parse(reports.at(-1))).toEqual(reports.at(-1));
    await r.stop(500);
  });
});
