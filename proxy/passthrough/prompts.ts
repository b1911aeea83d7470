import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { GetPromptRequest, GetPromptResult, Prompt } from '@modelcontextprotocol/server';
import type { ProxySession } from '../session';
import { type Extra, type Hub, withoutProgressToken } from './hub';
import { presentedNames, readPages } from './lists';
import { errorMessage } from '@/lib/thrown';

export interface PromptRoute {
  server: string;
  /** The prompt's name on its server. */
  name: string;
}

/**
 * prompts/list and prompts/get across the servers: every server's prompts, named so each call
 * reaches its own. A session of `client` gets those of the servers the policy lets it use; the
 * names are made over every server's, so a prompt has one name whoever asks.
 */
export class Prompts {
  private routes = new Map<string, PromptRoute>();

  constructor(private readonly hub: Hub) {}

  async list(session: ProxySession, extra: Extra, client: string | null): Promise<Prompt[]> {
    const listed = await Promise.all(
      this.hub.offering('prompts').map(async (upstream) => {
        try {
          const prompts = await this.hub.send(session, extra, upstream.name, 'prompts/list', (client, options) =>
            readPages(
              upstream.name,
              'prompts/list',
              async (cursor) => {
                const page = await client.request({ method: 'prompts/list', params: cursor === undefined ? {} : { cursor } }, options);
                return { items: page.prompts, nextCursor: page.nextCursor };
              },
              this.hub.log,
            ),
          );
          return prompts.map((prompt) => ({ server: upstream.name, prompt }));
        } catch (err) {
          // One server failing leaves the others' prompts listed.
          if (extra.mcpReq.signal.aborted) throw err;
          this.hub.log(`${upstream.name}: prompts/list failed: ${errorMessage(err)}`);
          return [];
        }
      }),
    );
    const entries = listed.flat();
    const names = presentedNames(entries.map((e) => ({ server: e.server, name: e.prompt.name })));
    this.routes = new Map(entries.map((e, i) => [names[i] ?? e.prompt.name, { server: e.server, name: e.prompt.name }]));
    return entries.flatMap((e, i) => (this.hub.allows(client, e.server) ? [{ ...e.prompt, name: names[i] ?? e.prompt.name }] : []));
  }

  /**
   * The server and own name of a prompt as presented; an unknown name lists the prompts again
   * once. A prompt of a server the policy keeps from the session is refused as a denied call is.
   */
  async route(session: ProxySession, extra: Extra, name: string, client: string | null): Promise<PromptRoute> {
    const known = this.routes.get(name);
    if (known) return this.allowed(known, name, client);
    const prompts = await this.list(session, extra, client);
    const route = this.routes.get(name);
    if (route) return this.allowed(route, name, client);
    const names = prompts.map((p) => p.name);
    const down = [...this.hub.upstreams.values()].filter((u) => u.state !== 'up').map((u) => u.name);
    const note = down.length > 0 ? `; not up now: ${down.join(', ')}` : '';
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown prompt '${name}'. This proxy's prompts: ${names.slice(0, 30).join(', ') || 'none'}${note}`,
    );
  }

  private allowed(route: PromptRoute, name: string, client: string | null): PromptRoute {
    this.hub.check(client, route.server, `The prompt '${name}' of MCP server '${route.server}'`);
    return route;
  }

  async get(session: ProxySession, extra: Extra, params: GetPromptRequest['params'], client: string | null): Promise<GetPromptResult> {
    const route = await this.route(session, extra, params.name, client);
    return this.hub.send(session, extra, route.server, `prompts/get '${route.name}'`, (client, options) =>
      client.getPrompt({ ...withoutProgressToken(params), name: route.name }, options),
    );
  }
}
