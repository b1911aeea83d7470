import { z } from 'zod';
import { PROXY_RUN_STATES, PROXY_SERVER_STATES, PROXY_TRANSPORTS } from '@/lib/schemas/proxies';
import { count, isoDateTime } from './shared';

export const proxyServerViewSchema = z.object({
  name: z.string(),
  state: z.enum(PROXY_SERVER_STATES),
  tools: count,
  lastError: z.string().nullable(),
  restarts: count,
  protocol: z.string().nullable().describe('The MCP revision the proxy and the server speak; null before it first connected, or from an older proxy.'),
});

/** One proxy as its last report described it, and whether it still counts as connected. */
export const proxyViewSchema = z.object({
  id: z.string(),
  host: z.string(),
  version: z.string(),
  startedAt: isoDateTime,
  transport: z.enum(PROXY_TRANSPORTS),
  state: z.enum(PROXY_RUN_STATES),
  surfaceRevision: count.nullable(),
  servers: z.array(proxyServerViewSchema),
  clients: z.array(
    z.object({ name: z.string(), sessions: count, protocols: z.array(z.string()).describe('The MCP revisions its sessions speak; [] from an older proxy.') }),
  ),
  presented: z.object({ count, names: z.array(z.string()) }),
  spool: z.object({
    events: count,
    bytes: count,
    lagMs: count.describe('How long the oldest trace not yet taken by favindex has waited, in ms; 0 while the proxy keeps up (under a second).'),
    dropped: count.describe('Traces dropped since start because the spool was full.'),
    lost: count.describe('Traces lost since start because the disk refused them.'),
    lostCause: z.string().nullable().describe("Why the last of them was lost, e.g. 'disk full (ENOSPC)'."),
    setAside: count.describe('Traces favindex refused for good, set aside by the proxy.'),
  }),
  lastError: z.string().nullable(),
  firstSeenAt: isoDateTime,
  lastSeenAt: isoDateTime.describe('When its last report arrived.'),
  connected: z.boolean().describe('Running, and its last report is newer than connectedWithinMs.'),
});
export type ProxyView = z.infer<typeof proxyViewSchema>;

/** GET /api/projects/{id}/proxies: the proxies that reported, connected first, then the most recently seen. */
export const proxyListSchema = z.object({
  connectedWithinMs: count.describe('A proxy whose last report is older than this is not connected.'),
  proxies: z.array(proxyViewSchema),
});
export type ProxyList = z.infer<typeof proxyListSchema>;
