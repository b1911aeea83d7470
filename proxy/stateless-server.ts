import { randomUUID } from 'node:crypto';
import { type NodeMcpRequestHandler, toNodeHandler } from '@modelcontextprotocol/node';
import { CLIENT_INFO_META_KEY, createMcpHandler, type McpHttpHandler, Server, type ServerContext } from '@modelcontextprotocol/server';
import { PROXY_REPORT_LIMITS } from '@/lib/limits';
import { clientCall } from './calls';
import { ANNOUNCED_CAPABILITIES, type Passthrough } from './passthrough';
import type { Presenter } from './presenter';
import type { ProxyState } from './runtime';
import { ProxySession, STATELESS_REVISION } from './session';
import { fieldOf } from '@/lib/records';

export { STATELESS_REVISION };
import { PROXY_VERSION } from './mcp-server';
import type { Spool } from './spool';
import { serversNotUp } from './start-wait';

/** At most this many identities are kept; past it the one seen longest ago gives way. */
const MAX_IDENTITIES = 64;
/** An identity with no request for this long is no longer counted as connected (as an idle HTTP session). */
const IDLE_MS = 30 * 60_000;

/**
 * The sessions MCP 2026-07-28 requests are listed and traced as: one per identity (the client a
 * request names; the proxy's token is the same for every request), never changed by a call, so
 * every request of one identity reads the same list whatever it, or anyone, called before.
 */
export class StatelessSessions {
  private readonly byClient = new Map<string, ProxySession>();
  private sweptAt = Date.now();

  constructor(
    private readonly presenter: Pick<Presenter, 'sessions'>,
    /** Tell every open subscriptions/listen stream the tool list changed. */
    private readonly notifyListChanged: () => Promise<void>,
  ) {}

  for(client: string | null): ProxySession {
    this.sweep();
    const key = client ?? '';
    let session = this.byClient.get(key);
    if (!session) {
      if (this.byClient.size >= MAX_IDENTITIES) this.dropOldest();
      session = new ProxySession(this.notifyListChanged, randomUUID(), true);
      session.client = client;
      this.byClient.set(key, session);
      this.presenter.sessions.add(session);
    }
    session.lastSeenAt = Date.now();
    return session;
  }

  private sweep(): void {
    const now = Date.now();
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [key, session] of this.byClient) {
      if (now - session.lastSeenAt < IDLE_MS) continue;
      this.byClient.delete(key);
      this.presenter.sessions.delete(session);
    }
  }

  private dropOldest(): void {
    const [key, oldest] = [...this.byClient].sort(([, a], [, b]) => a.lastSeenAt - b.lastSeenAt)[0] ?? [];
    if (key === undefined || !oldest) return;
    this.byClient.delete(key);
    this.presenter.sessions.delete(oldest);
  }
}

/**
 * The client a 2026-07-28 request names in its `_meta` (it replaces initialize's clientInfo). The
 * SDK lifts the envelope's keys out of `_meta` into `envelope`, whose public type names none.
 */
export function requestClient(ctx: ServerContext): string | null {
  const name = fieldOf(fieldOf(ctx.mcpReq.envelope, CLIENT_INFO_META_KEY), 'name');
  return typeof name === 'string' ? name.slice(0, PROXY_REPORT_LIMITS.clientName) : null;
}

/**
 * The proxy's MCP Server for one 2026-07-28 request (HTTP) or connection (stdio). It keeps
 * nothing that changes an answer: the list comes from the identity's stateless session, in the
 * surface's order, and carries `ttlMs` (the surface poll: no sooner can it change) and
 * `cacheScope: 'private'` (it varies with the policy's identities).
 */
export function statelessServer(state: ProxyState, spool: Spool, sessions: StatelessSessions, pollMs: number, passthrough?: Passthrough): Server {
  const capabilities = passthrough ? ANNOUNCED_CAPABILITIES : { tools: { listChanged: true } };
  const server = new Server(
    { name: state.presenter.view.serverKey, version: PROXY_VERSION },
    {
      capabilities,
      ...(state.presenter.view.instruction ? { instructions: state.presenter.view.instruction } : {}),
      cacheHints: { 'tools/list': { ttlMs: pollMs, cacheScope: 'private' } },
    },
  );
  server.setRequestHandler('tools/list', async (_request, ctx) => {
    const session = sessions.for(requestClient(ctx));
    await state.whenStarted();
    const listing = state.presenter.listing(session);
    session.known = listing.toolsHash;
    // No log message: a request of this revision has no session to say it to once.
    return { tools: listing.tools, ...serversNotUp(state.upstreams.values()) };
  });
  server.setRequestHandler('tools/call', (request, ctx) => clientCall(state, spool, sessions.for(requestClient(ctx)), request, ctx));
  // One Server for every client here: the policy decides each request for the client it names.
  if (passthrough) passthrough.register(server, sessions.for(null), capabilities, requestClient);
  return server;
}

/**
 * 2026-07-28 over Streamable HTTP: a Server per request from the SDK's entry, which refuses
 * 2025-11-25 traffic (the listener's sessions serve that) and runs subscriptions/listen streams;
 * a changed list is published to every stream.
 */
export function statelessHttp(
  state: ProxyState,
  spool: Spool,
  pollMs: number,
  passthrough?: Passthrough,
): { serve: NodeMcpRequestHandler; close(): Promise<void> } {
  let handler: McpHttpHandler | null = null;
  const sessions = new StatelessSessions(state.presenter, async () => handler?.notify.toolsChanged());
  handler = createMcpHandler(() => statelessServer(state, spool, sessions, pollMs, passthrough), { legacy: 'reject' });
  return { serve: toNodeHandler(handler), close: () => handler.close() };
}
