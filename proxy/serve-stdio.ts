import type { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { BoundedStdioServerTransport } from './stdio-server';
import { type RevisionChoice as ProtocolChoice, SESSION_REVISION, STATELESS_REVISION } from '@/lib/mcp-revisions';

/** What --protocol takes: both revisions (each by its own rules), or one pinned for debugging. */
export { REVISION_CHOICES as PROTOCOL_CHOICES, type RevisionChoice as ProtocolChoice } from '@/lib/mcp-revisions';

export interface StdioServers {
  /** The Server of a 2025-11-25 connection: its session, activations and list_changed. */
  legacy(): Server;
  /** The Server of a 2026-07-28 connection; `notify` reaches its subscriptions/listen streams. */
  stateless(notify: () => Promise<void>): Server;
  /** The client went away (pinned to 2025-11-25; otherwise the end of stdin says so). */
  closed(): void;
  log(message: string): void;
}

/**
 * The proxy over stdio. The opening message picks the revision (an initialize, or a request
 * whose `_meta` claims 2026-07-28), and one Server serves the connection from then on. Pinned to
 * 2025-11-25 it is that Server on the transport, byte for byte as before 2026-07-28 existed.
 */
export async function serveProxyStdio(transport: BoundedStdioServerTransport, protocol: ProtocolChoice, servers: StdioServers): Promise<() => Promise<void>> {
  if (protocol === SESSION_REVISION) {
    const server = servers.legacy();
    transport.onclose = () => servers.closed();
    await server.connect(transport);
    return () => server.close();
  }
  let pinned: Server | null = null;
  const handle = serveStdio(
    ({ era }) => {
      // The entry owns the transport (its onclose included): the end of stdin says the client left.
      pinned = era === 'legacy' ? servers.legacy() : servers.stateless(async () => pinned?.sendToolListChanged());
      return pinned;
    },
    {
      transport,
      legacy: protocol === STATELESS_REVISION ? 'reject' : 'serve',
      onerror: (error) => servers.log(`stdio: ${error.message}`),
    },
  );
  return () => handle.close();
}
