import type { ProxyReport } from '@/lib/schemas/proxies';

/** A report whose every optional figure is given, as a proxy view has them. */
type FullReport = Omit<ProxyReport, 'clients' | 'servers'> & {
  servers: (Omit<ProxyReport['servers'][number], 'protocol'> & { protocol: string | null })[];
  spool: Required<ProxyReport['spool']>;
  clients: Required<ProxyReport['clients'][number]>[];
};

/** A running proxy's report with these servers (all up, `tools` each), for API, preview and page tests. */
export function proxyReport(servers: { name: string; tools: number }[], overrides: Partial<FullReport> = {}): FullReport {
  return {
    host: 'dev-laptop',
    version: '0.1.0',
    startedAt: new Date(Date.now() - 120_000).toISOString(),
    transport: 'stdio',
    state: 'running',
    surfaceRevision: 1,
    servers: servers.map((s) => ({ name: s.name, state: 'up', tools: s.tools, lastError: null, restarts: 0, protocol: '2025-11-25' })),
    clients: [{ name: 'claude-code', sessions: 1, protocols: ['2025-11-25'] }],
    presented: { count: 3, names: ['favourite/read_file', 'all/filesystem/read_file', 'all/memory/create_entities'] },
    spool: { events: 0, bytes: 0, lagMs: 0, dropped: 0, lost: 0, lostCause: null, setAside: 0 },
    lastError: null,
    ...overrides,
  };
}
