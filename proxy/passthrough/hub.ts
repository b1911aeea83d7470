import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Server, RequestOptions, ClientCapabilities, ServerCapabilities, ServerContext } from '@modelcontextprotocol/server';
import type { Client } from '@modelcontextprotocol/client';
import type { ProxySession } from '../session';
import { UpstreamUnavailable, type Upstream } from '../upstreams';
import { type PolicyRefusal, refusalText } from '@/lib/policy/refusal';
import { errorMessage } from '@/lib/thrown';

export type Extra = ServerContext;

/** A request a session is waiting on: a server asking the client something meanwhile asks this session. */
export interface InFlight {
  session: ProxySession;
  /** The server the request went to; null for a tools/call (the call resolves it itself). */
  upstream: string | null;
  sendRequest: Extra['mcpReq']['send'];
  startedAt: number;
}

/** A session's MCP Server and what it announced in its initialize result. */
export interface Link {
  server: Server;
  capabilities: ServerCapabilities;
}

/** What the proxy declares to every server: it passes these requests on to a client that has them. */
export const FORWARDED_CLIENT_CAPABILITIES: ClientCapabilities = {
  sampling: {},
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
};

/** What the passthrough asks of the tool policy (§policy): the presenter answers it with the policy in force. */
export interface OfferGate {
  /** Null when a session of `client` may use what `server` offers besides tools; else the refusal of `refused`. */
  serverRefusal(client: string | null, server: string, refused: string): PolicyRefusal | null;
  /** Called after each surface put in force: its policy may let a session use other servers. */
  readonly viewListeners: Set<() => void>;
}

/** Before the proxy's policy is attached: nothing is kept back (a proxy attaches it before any session opens). */
const OPEN: OfferGate = { serverRefusal: () => null, viewListeners: new Set() };

/**
 * What every session announces, whatever its servers have shown yet: a client reads it once, at
 * initialize, and a server may take half a minute to start. It is all the proxy can pass
 * through (with list_changed, which it sends); a kind no server offers is listed empty.
 */
export const ANNOUNCED_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
  completions: {},
  logging: {},
};

/** A server-to-client request may wait for a person (a sampling approval, a form): as long as a call may take. */
export const ASK_TIMEOUT_MS = 10 * 60_000;

/**
 * What the passthrough kinds share: the servers in config order, the sessions with their MCP
 * Server, the requests in flight, and one way to send a request to a server and say its errors.
 */
export class Hub {
  readonly links = new Map<ProxySession, Link>();
  readonly inFlight = new Set<InFlight>();
  /** What each server offered when last up, kept in the state folder: a restart announces it before the servers are up. */
  cached: Record<string, ServerCapabilities> = {};
  /** Decides, per session, whose prompts, resources and templates it may use. */
  gate: OfferGate = OPEN;

  constructor(
    /** Set once the servers are started (they need the proxy's client handlers first). */
    public upstreams: ReadonlyMap<string, Upstream>,
    readonly callTimeoutMs: number,
    readonly log: (message: string) => void,
  ) {}

  /** Servers that are up and offer a capability, in config order. */
  offering(capability: keyof ServerCapabilities): Upstream[] {
    return [...this.upstreams.values()].filter((u) => u.state === 'up' && this.known(u)?.[capability] !== undefined);
  }

  /** Sessions whose Server announced a capability (sessions opened before a server came up did not). */
  announcing(capability: keyof ServerCapabilities): Server[] {
    return [...this.links.values()].filter((l) => l.capabilities[capability] !== undefined).map((l) => l.server);
  }

  /** What a server offers: live, else as it was when last up (in this run, or the run before). */
  known(upstream: Upstream): ServerCapabilities | undefined {
    return capabilitiesOf(upstream) ?? this.cached[upstream.name];
  }

  /** Whether a session of `client` may use what `server` offers besides tools (§policy). */
  allows(client: string | null, server: string): boolean {
    return this.gate.serverRefusal(client, server, '') === null;
  }

  /** Refuse `refused` of `server` to a session of `client` the policy keeps it from, as a denied tool call is refused. */
  check(client: string | null, server: string, refused: string): void {
    const refusal = this.gate.serverRefusal(client, server, refused);
    if (refusal) throw new ProtocolError(ProtocolErrorCode.InvalidParams, refusalText(refusal), refusal);
  }

  /** Send one request to a server for a session: its progress and cancellation follow, its errors name the server. */
  async send<T>(session: ProxySession, extra: Extra, server: string, what: string, run: (client: Client, options: RequestOptions) => Promise<T>): Promise<T> {
    const upstream = this.upstreams.get(server);
    if (!upstream) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `'${server}' is not one of this proxy's MCP servers`);
    // A server still starting is waited for, as a tool call waits for it, within the same timeout.
    const startedAt = Date.now();
    if (upstream.state !== 'up') await upstream.whenUp(this.callTimeoutMs, extra.mcpReq.signal);
    let client: Client;
    try {
      client = upstream.session();
    } catch (err) {
      throw new ProtocolError(ProtocolErrorCode.InternalError, errorMessage(err));
    }
    const token = extra.mcpReq._meta?.progressToken;
    const entry: InFlight = { session, upstream: server, sendRequest: extra.mcpReq.send, startedAt: Date.now() };
    this.inFlight.add(entry);
    session.lastSeenAt = Date.now();
    try {
      return await run(client, {
        signal: extra.mcpReq.signal,
        timeout: Math.max(1, this.callTimeoutMs - (Date.now() - startedAt)),
        ...(token === undefined
          ? {}
          : {
              onprogress: (progress) => {
                extra.mcpReq.notify({ method: 'notifications/progress', params: { ...progress, progressToken: token } }).catch(() => {});
              },
              resetTimeoutOnProgress: true,
            }),
      });
    } catch (err) {
      throw upstreamError(server, what, err, extra.mcpReq.signal);
    } finally {
      this.inFlight.delete(entry);
    }
  }

  /**
   * Track a request that is not one of the passthrough's (tools/call), so a server's question
   * during it reaches its session, sent by `sendRequest` (the request's own).
   */
  async during<T>(session: ProxySession, sendRequest: InFlight['sendRequest'], run: () => Promise<T>): Promise<T> {
    const entry: InFlight = { session, upstream: null, sendRequest, startedAt: Date.now() };
    this.inFlight.add(entry);
    try {
      return await run();
    } finally {
      this.inFlight.delete(entry);
    }
  }
}

export function capabilitiesOf(upstream: Upstream): ServerCapabilities | undefined {
  try {
    return upstream.session().getServerCapabilities();
  } catch {
    return upstream.lastCapabilities ?? undefined;
  }
}

/** The client's params without its progress token: the SDK gives the server one of its own and passes progress back. */
export function withoutProgressToken<P extends { _meta?: Record<string, unknown> }>(params: P): P {
  if (!params._meta || !('progressToken' in params._meta)) return params;
  const { progressToken: _, ...meta } = params._meta;
  return { ...params, _meta: meta };
}

/** An error from a server (or from reaching it) as the MCP error the client reads, naming the server. */
export function upstreamError(server: string, what: string, err: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return err;
  if (err instanceof UpstreamUnavailable) return new ProtocolError(ProtocolErrorCode.InternalError, err.message);
  if (err instanceof ProtocolError) {
    const message = err.message.replace(/^MCP error -?\d+: /, '');
    return new ProtocolError(err.code, `MCP server '${server}' answered ${what} with an error: ${message}`, err.data);
  }
  return new ProtocolError(ProtocolErrorCode.InternalError, `MCP server '${server}' failed ${what}: ${errorMessage(err)}`);
}
