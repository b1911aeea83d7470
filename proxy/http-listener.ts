import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

const MAX_SESSIONS = 1_000;

interface Entry {
  transport: StreamableHTTPServerTransport;
  server: Server;
  lastSeenAt: number;
}

/**
 * Streamable HTTP at `/mcp`: one MCP session (and one Server) per client, as the spec's
 * session ids say. Only loopback Host headers are taken (no DNS rebinding from a web page).
 * Sessions idle for `idleMs` are closed.
 */
export async function listenHttp(
  host: string,
  port: number,
  newSession: (id: string) => Server,
  options: { idleMs: number; log(message: string): void },
): Promise<{ url: string; close(): Promise<void> }> {
  const sessions = new Map<string, Entry>();
  let allowedHosts: string[] = [];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('favindex proxy: the MCP endpoint is /mcp\n');
      return;
    }
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    try {
      if (existing) {
        existing.lastSeenAt = Date.now();
        await existing.transport.handleRequest(req, res);
        return;
      }
      if (id !== undefined || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found: initialize a new one' }, id: null }));
        return;
      }
      if (sessions.size >= MAX_SESSIONS) {
        res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '10' }).end('favindex proxy: too many open MCP sessions\n');
        return;
      }
      // The MCP session id (Mcp-Session-Id) is the session's id in traces too.
      const sessionId = randomUUID();
      let mcp: Server | null = null;
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => sessionId,
        enableDnsRebindingProtection: true,
        allowedHosts,
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, { transport, server: mcp!, lastSeenAt: Date.now() });
        },
        onsessionclosed: (sessionId) => {
          sessions.delete(sessionId);
        },
      });
      mcp = newSession(sessionId);
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await mcp.connect(transport);
      await transport.handleRequest(req, res);
      // Not an initialize request: the transport refused it and no session exists.
      if (!transport.sessionId) await mcp.close();
    } catch (err) {
      options.log(`HTTP ${req.method} /mcp failed: ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });

  const sweep = setInterval(() => {
    const cutoff = Date.now() - options.idleMs;
    for (const [id, entry] of sessions) {
      if (entry.lastSeenAt >= cutoff) continue;
      sessions.delete(id);
      void entry.server.close();
    }
  }, 60_000);
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  allowedHosts = [`127.0.0.1:${bound}`, `localhost:${bound}`, `[::1]:${bound}`];
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/mcp`,
    async close() {
      clearInterval(sweep);
      for (const entry of sessions.values()) await entry.server.close().catch(() => {});
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
