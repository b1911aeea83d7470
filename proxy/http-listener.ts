import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import { isInitializeRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import type { Server } from '@modelcontextprotocol/server';
import { PROXY_HTTP_INITIALIZE_BYTES, PROXY_HTTP_SESSIONS, PROXY_REPORT_LIMITS } from '@/lib/limits';
import { bearerMatches, type HttpSecret } from './http-secret';
import { type Bound, type SessionEntry, SessionTable } from './http-sessions';
import { errorMessage } from '@/lib/thrown';
import { fieldOf } from '@/lib/records';

interface Entry extends SessionEntry {
  transport: NodeStreamableHTTPServerTransport;
  server: Server;
}

export interface HttpListenerOptions {
  idleMs: number;
  secret: HttpSecret;
  log(message: string): void;
  /**
   * MCP 2026-07-28 requests (a `_meta` that claims the revision; no session): each served on its
   * own (§surface, protocol revisions). Without it the listener serves 2025-11-25 sessions only.
   */
  stateless?: { serve: NodeMcpRequestHandler; maxBytes: number; only: boolean };
}

/**
 * Streamable HTTP at `/mcp`: one MCP session (and one Server) per client, as the spec's session
 * ids say. Each request passes, in this order: the Host check (loopback names of this port: no
 * DNS rebinding), the Origin check (none, or this port's own loopback origin: no web page), and
 * the bearer secret. Host and Origin come first so a web page gets the same 403 whatever it
 * sends: it never sees the 401 that tells a local process where the secret is, nor whether a
 * guessed secret was right. Nothing is allocated for a request refused by any of them.
 */
export async function listenHttp(
  host: string,
  port: number,
  newSession: (id: string) => Server,
  options: HttpListenerOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const sessions = new SessionTable<Entry>();
  // Filled in once the port is bound, before the first request; every transport reads these same arrays.
  const allowedHosts: string[] = [];
  const allowedOrigins: string[] = [];
  const evictions = evictionNotices(options.log);

  const server = http.createServer(async (req, res) => {
    const refusal = refuse(req, allowedHosts, allowedOrigins, options.secret);
    if (refusal) {
      res.writeHead(refusal.status, { 'content-type': 'application/json', connection: 'close', ...refusal.headers }).end(rpcError(-32000, refusal.message));
      return;
    }
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    try {
      if (existing) {
        existing.lastSeenAt = Date.now();
        if (req.method !== 'GET') track(existing, res);
        await existing.transport.handleRequest(req, res);
        return;
      }
      if (id !== undefined || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(rpcError(-32001, 'Session not found: initialize a new one'));
        return;
      }
      await startSession(req, res);
    } catch (err) {
      options.log(`HTTP ${req.method} /mcp failed: ${errorMessage(err)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });

  async function startSession(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const stateless = options.stateless;
    const body = await readBody(req, Math.max(PROXY_HTTP_INITIALIZE_BYTES, stateless?.maxBytes ?? 0));
    let parsed: unknown;
    try {
      parsed = body === null ? undefined : JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (body !== null && parsed === undefined) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(rpcError(-32700, 'Parse error: Invalid JSON'));
      return;
    }
    // A 2026-07-28 request has no session to start: it is served whole, as it is.
    if (stateless && (stateless.only || claimsStatelessRevision(parsed))) {
      if (body === null) {
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end(rpcError(-32000, `Payload Too Large: a request is at most ${stateless.maxBytes} bytes`));
        return;
      }
      await stateless.serve(req, res, parsed);
      return;
    }
    if (body === null || Buffer.byteLength(body) > PROXY_HTTP_INITIALIZE_BYTES) {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(rpcError(-32000, `Payload Too Large: a request that starts a session (initialize) is at most ${PROXY_HTTP_INITIALIZE_BYTES} bytes`));
      return;
    }
    const message = parsed;
    // Checked before any session is made, so a stream of other requests costs nothing.
    if (!isInitializeRequest(message)) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(rpcError(-32000, 'Bad Request: no Mcp-Session-Id; a session starts with an initialize request'));
      return;
    }
    const client = message.params.clientInfo.name.slice(0, PROXY_REPORT_LIMITS.clientName);
    const room = sessions.makeRoom(client);
    if ('full' in room) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '10' });
      res.end(rpcError(-32000, `Service Unavailable: ${room.full}; try again when one has answered`));
      return;
    }
    for (const { entry: old, bound } of room.evict) {
      sessions.delete(old.id);
      old.close();
      evictions.closed(old.client, bound);
    }
    // The MCP session id (Mcp-Session-Id) is the session's id in traces too.
    const sessionId = randomUUID();
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => sessionId,
      // The SDK's own checks too, behind ours: the same lists.
      enableDnsRebindingProtection: true,
      allowedHosts,
      allowedOrigins,
      onsessionclosed: (closed) => sessions.delete(closed),
    });
    const mcp = newSession(sessionId);
    const entry: Entry = { id: sessionId, client, lastSeenAt: Date.now(), inFlight: 0, transport, server: mcp, close: () => void mcp.close().catch(() => {}) };
    // In the table before the first await: initializes arriving together each see the others.
    sessions.add(entry);
    track(entry, res);
    transport.onclose = () => sessions.delete(sessionId);
    try {
      await mcp.connect(transport);
      await transport.handleRequest(req, res, message);
    } finally {
      // The transport refused it (a wrong Accept or Content-Type) or failed: no session exists.
      if (!transport.sessionId) {
        sessions.delete(sessionId);
        await mcp.close().catch(() => {});
      }
    }
  }

  const sweep = setInterval(() => {
    for (const entry of sessions.idleSince(Date.now() - options.idleMs)) {
      sessions.delete(entry.id);
      entry.close();
    }
    evictions.flush();
  }, 60_000);
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  // Sound: a server listening on TCP gives an AddressInfo (a string only for a pipe).
  const bound = (server.address() as AddressInfo).port;
  allowedHosts.push(`127.0.0.1:${bound}`, `localhost:${bound}`, `[::1]:${bound}`);
  allowedOrigins.push(...allowedHosts.map((h) => `http://${h}`));
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/mcp`,
    async close() {
      clearInterval(sweep);
      for (const entry of [...sessions.values()]) await entry.server.close().catch(() => {});
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON-RPC message whose `_meta` names a protocol revision: MCP 2026-07-28 and later put it on every request. */
function claimsStatelessRevision(message: unknown): boolean {
  return typeof fieldOf(fieldOf(fieldOf(message, 'params'), '_meta'), PROTOCOL_VERSION_META_KEY) === 'string';
}

/** Why a request is refused before anything else looks at it, or null. */
function refuse(
  req: http.IncomingMessage,
  allowedHosts: string[],
  allowedOrigins: string[],
  secret: HttpSecret,
): { status: number; message: string; headers?: Record<string, string> } | null {
  const hostHeader = req.headers.host ?? '';
  if (!allowedHosts.includes(hostHeader)) return { status: 403, message: `Forbidden: Host '${hostHeader}' is not a loopback name of this server` };
  const origin = req.headers.origin;
  // `Origin: null` (a sandboxed page, a file) is present and not ours, so it is refused too.
  if (origin !== undefined && !allowedOrigins.includes(origin)) {
    return { status: 403, message: `Forbidden: Origin '${origin}' is not this server's own; it takes no requests from web pages` };
  }
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  // Before the secret: an MCP client looking for OAuth metadata (/.well-known/…) learns there is none.
  if (pathname !== '/mcp') return { status: 404, message: 'Not Found: the MCP endpoint of favindex proxy is /mcp' };
  if (!bearerMatches(req.headers.authorization, secret.value)) {
    return {
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="favindex proxy"' },
      message:
        `Unauthorized: favindex proxy takes requests with the header 'Authorization: Bearer <secret>'${req.headers.authorization ? ', and this one is not it' : ''}. ` +
        `The secret is in ${secret.where}: put the header in the client's config ("headers": {"Authorization": "Bearer …"}).`,
    };
  }
  return null;
}

/** Counts a request as in flight until its response is done (or the client went away). */
function track(entry: Entry, res: http.ServerResponse): void {
  entry.inFlight++;
  res.once('close', () => {
    entry.inFlight--;
  });
}

/** The body as text, or null past `maxBytes` (the rest is not read). */
async function readBody(req: http.IncomingMessage, maxBytes: number): Promise<string | null> {
  if (Number(req.headers['content-length']) > maxBytes) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  // Sound: a request without setEncoding yields Buffers.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function rpcError(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}

const EVICTED: Record<Bound, (client: string) => string> = {
  client: (client) =>
    `closed the oldest idle MCP session of client '${client}' to make room for a new one of that name (at most ${PROXY_HTTP_SESSIONS.perClient} per client name)`,
  total: (client) =>
    `closed the idle MCP session opened last (of client '${client}') to make room for a new one: ${PROXY_HTTP_SESSIONS.total} sessions are open, ` +
    'the most the proxy keeps; the sessions opened before it are kept',
};

/** The first session closed for each bound is said at once; later ones once a minute, counted. */
function evictionNotices(log: (message: string) => void) {
  const said = new Set<Bound>();
  let count = 0;
  const clients = new Set<string>();
  return {
    closed(client: string, bound: Bound) {
      if (!said.has(bound)) {
        said.add(bound);
        log(EVICTED[bound](client));
        return;
      }
      count++;
      if (clients.size < 5) clients.add(client);
    },
    flush() {
      if (count === 0) return;
      log(`closed ${count} more idle MCP sessions to make room (clients ${[...clients].map((c) => `'${c}'`).join(', ')}${clients.size === 5 ? ', …' : ''})`);
      count = 0;
      clients.clear();
    },
  };
}
