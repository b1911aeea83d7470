import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { Client, RequestOptions, ClientCapabilities, ClientContext } from '@modelcontextprotocol/client';
import type { ProxySession } from '../session';
import { ASK_TIMEOUT_MS, type Extra, type Hub } from './hub';

type UpstreamExtra = ClientContext;
type SendRequest = Extra['mcpReq']['send'];

/**
 * Requests a server sends its client (sampling/createMessage, elicitation/create, roots/list),
 * passed on to a client session that declared the capability: the one whose request to that
 * server is in flight (the latest, if several), else one with a tools/call in flight, else the
 * session seen last; the answer, or the client's error, goes back to the server.
 */
export class Asks {
  constructor(private readonly hub: Hub) {}

  setup(server: string, client: Client): void {
    client.setRequestHandler('sampling/createMessage', (request, ctx) => {
      return this.ask(server, 'sampling', ctx, (send, options) => send(request, options));
    });
    client.setRequestHandler('elicitation/create', (request, ctx) => this.ask(server, 'elicitation', ctx, (send, options) => send(request, options)));
    client.setRequestHandler('roots/list', (request, ctx) => this.ask(server, 'roots', ctx, (send, options) => send(request, options)));
  }

  private target(server: string, capability: keyof ClientCapabilities): SendRequest | null {
    const can = (session: ProxySession) => {
      const link = this.hub.links.get(session);
      return link?.server.getClientCapabilities()?.[capability] !== undefined;
    };
    const inFlight = [...this.hub.inFlight].filter((e) => can(e.session)).sort((a, b) => b.startedAt - a.startedAt);
    const related = inFlight.find((e) => e.upstream === server) ?? inFlight.find((e) => e.upstream === null);
    if (related) return related.sendRequest;
    const latest = [...this.hub.links].filter(([session]) => can(session)).sort(([a], [b]) => b.lastSeenAt - a.lastSeenAt)[0];
    if (!latest) return null;
    const mcp = latest[1].server;
    return mcp.request.bind(mcp);
  }

  private async ask<T>(
    server: string,
    capability: keyof ClientCapabilities,
    extra: UpstreamExtra,
    run: (send: SendRequest, options: RequestOptions) => Promise<T>,
  ): Promise<T> {
    const send = this.target(server, capability);
    if (!send) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `No client connected to favindex proxy accepts ${capability} requests (asked by MCP server '${server}')`,
      );
    }
    return run(send, { signal: extra.mcpReq.signal, timeout: ASK_TIMEOUT_MS, resetTimeoutOnProgress: true });
  }
}
