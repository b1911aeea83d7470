import { UriTemplate, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type {
  Client,
  RequestOptions,
  ReadResourceRequest,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  ResourceUpdatedNotification,
} from '@modelcontextprotocol/client';
import type { ProxySession } from '../session';
import { type Extra, type Hub, withoutProgressToken } from './hub';
import { readPages } from './lists';
import { errorMessage } from '@/lib/thrown';

interface Template {
  server: string;
  uriTemplate: string;
  matcher: UriTemplate | null;
}

/**
 * resources/list, templates, read and subscriptions across the servers. URIs stay as each
 * server gave them; a URI is routed to the server that listed it (the first in config order when
 * two list it: the other's is left out of the list), else to the first server with a template
 * that matches it, else to the one server offering resources if there is only one. A session of
 * `client` lists, and is routed to, only servers the policy lets it use (§policy).
 */
export class Resources {
  /** Each URI listed, with every server that lists it, in config order. */
  private owners = new Map<string, string[]>();
  private templates: Template[] = [];
  /** `server \0 uri` → the sessions subscribed; the server is subscribed once, while any session is. */
  private readonly subscriptions = new Map<string, Set<ProxySession>>();

  constructor(private readonly hub: Hub) {}

  private async fromEach<T>(
    session: ProxySession,
    extra: Extra,
    method: string,
    read: (server: string, client: Client, options: RequestOptions) => Promise<T[]>,
  ): Promise<{ server: string; item: T }[]> {
    const listed = await Promise.all(
      this.hub.offering('resources').map(async (upstream) => {
        try {
          const items = await this.hub.send(session, extra, upstream.name, method, (client, options) => read(upstream.name, client, options));
          return items.map((item) => ({ server: upstream.name, item }));
        } catch (err) {
          if (extra.mcpReq.signal.aborted) throw err;
          this.hub.log(`${upstream.name}: ${method} failed: ${errorMessage(err)}`);
          return [];
        }
      }),
    );
    return listed.flat();
  }

  /** Every page of a list `method` from each server that offers resources; `page` asks for one. */
  private pagesFromEach<T>(
    session: ProxySession,
    extra: Extra,
    method: string,
    page: (client: Client, params: { cursor?: string }, options: RequestOptions) => Promise<{ items: T[]; nextCursor?: string }>,
  ): Promise<{ server: string; item: T }[]> {
    return this.fromEach(session, extra, method, (server, client, options) =>
      readPages(server, method, (cursor) => page(client, cursor === undefined ? {} : { cursor }, options), this.hub.log),
    );
  }

  async list(session: ProxySession, extra: Extra, who: string | null): Promise<Resource[]> {
    const entries = await this.pagesFromEach(session, extra, 'resources/list', async (client, params, options) => {
      const page = await client.request({ method: 'resources/list', params }, options);
      return { items: page.resources, nextCursor: page.nextCursor };
    });
    const owners = new Map<string, string[]>();
    const resources: Resource[] = [];
    const listed = new Set<string>();
    for (const { server, item } of entries) {
      const servers = owners.get(item.uri) ?? [];
      if (!servers.includes(server)) servers.push(server);
      owners.set(item.uri, servers);
      if (listed.has(item.uri) || !this.hub.allows(who, server)) continue;
      listed.add(item.uri);
      resources.push(item);
    }
    this.owners = owners;
    return resources;
  }

  async listTemplates(session: ProxySession, extra: Extra, who: string | null): Promise<ResourceTemplateType[]> {
    const entries = await this.pagesFromEach(session, extra, 'resources/templates/list', async (client, params, options) => {
      const page = await client.request({ method: 'resources/templates/list', params }, options);
      return { items: page.resourceTemplates, nextCursor: page.nextCursor };
    });
    this.templates = entries.map(({ server, item }) => ({ server, uriTemplate: item.uriTemplate, matcher: matcherOf(item.uriTemplate) }));
    return entries.filter((e) => this.hub.allows(who, e.server)).map((e) => e.item);
  }

  /** The servers a URI may go to, in order: those that list it, then those with a template that matches it. */
  private candidates(uri: string): string[] {
    const templated = this.templates.filter((t) => t.uriTemplate === uri || t.matcher?.match(uri)).map((t) => t.server);
    return [...(this.owners.get(uri) ?? []), ...templated];
  }

  /**
   * The server a URI (or a template, for completion) goes to for a session of `who`: the first
   * it may use. Unknown ones read the lists again once; a URI only servers kept from the session
   * have is refused as a denied call is.
   */
  async owner(session: ProxySession, extra: Extra, uri: string, who: string | null): Promise<string> {
    let found = this.candidates(uri);
    if (found.length === 0) {
      await Promise.all([this.list(session, extra, who), this.listTemplates(session, extra, who)]);
      found = this.candidates(uri);
    }
    const offering = this.hub.offering('resources');
    if (found.length === 0 && offering.length === 1 && offering[0]) found = [offering[0].name];
    const first = found[0];
    if (first === undefined) {
      const down = [...this.hub.upstreams.values()].filter((u) => u.state !== 'up').map((u) => u.name);
      const note = down.length > 0 ? `; not up now: ${down.join(', ')}` : '';
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No MCP server of this proxy lists the resource '${uri}' or a template it matches${note}`);
    }
    const mine = found.find((server) => this.hub.allows(who, server));
    if (mine) return mine;
    this.hub.check(who, first, `The resource '${uri}' of MCP server '${first}'`);
    return first;
  }

  async read(session: ProxySession, extra: Extra, params: ReadResourceRequest['params'], who: string | null): Promise<ReadResourceResult> {
    const server = await this.owner(session, extra, params.uri, who);
    return this.hub.send(session, extra, server, `resources/read '${params.uri}'`, (client, options) =>
      client.readResource(withoutProgressToken(params), options),
    );
  }

  async subscribe(session: ProxySession, extra: Extra, uri: string, who: string | null): Promise<void> {
    const server = await this.owner(session, extra, uri, who);
    const key = `${server}\u0000${uri}`;
    const sessions = this.subscriptions.get(key) ?? new Set();
    if (sessions.size === 0) {
      await this.hub.send(session, extra, server, `resources/subscribe '${uri}'`, (client, options) => client.subscribeResource({ uri }, options));
    }
    sessions.add(session);
    this.subscriptions.set(key, sessions);
  }

  async unsubscribe(session: ProxySession, extra: Extra, uri: string): Promise<void> {
    for (const [key, sessions] of this.subscriptions) {
      const [server, watched] = key.split('\u0000');
      if (!server || watched !== uri || !sessions.delete(session) || sessions.size > 0) continue;
      this.subscriptions.delete(key);
      await this.hub.send(session, extra, server, `resources/unsubscribe '${uri}'`, (client, options) => client.unsubscribeResource({ uri }, options));
    }
  }

  /** A session went away: its subscriptions end, and a server no session still watches is unsubscribed. */
  forget(session: ProxySession): void {
    for (const [key, sessions] of this.subscriptions) {
      if (!sessions.delete(session) || sessions.size > 0) continue;
      this.subscriptions.delete(key);
      const [server, uri] = key.split('\u0000');
      if (!server || uri === undefined) continue;
      try {
        this.hub.upstreams
          .get(server)
          ?.session()
          .unsubscribeResource({ uri })
          .catch(() => {});
      } catch {
        // down: nothing to unsubscribe from
      }
    }
  }

  /** notifications/resources/updated from a server: to the sessions subscribed to that URI there that may still use it. */
  updated(server: string, params: ResourceUpdatedNotification['params']): void {
    for (const session of this.subscriptions.get(`${server}\u0000${params.uri}`) ?? []) {
      if (!this.hub.allows(session.client, server)) continue;
      this.hub.links
        .get(session)
        ?.server.sendResourceUpdated(params)
        .catch(() => {});
    }
  }

  /** A server back up has a new session: subscribe it again to what sessions still watch. */
  resubscribe(server: string): void {
    for (const key of this.subscriptions.keys()) {
      const [owner, uri] = key.split('\u0000');
      if (owner !== server || uri === undefined) continue;
      try {
        this.hub.upstreams
          .get(server)
          ?.session()
          .subscribeResource({ uri })
          .catch((err: Error) => this.hub.log(`${server}: subscribing again to ${uri} failed: ${err.message}`));
      } catch {
        // down again already
      }
    }
  }
}

function matcherOf(uriTemplate: string): UriTemplate | null {
  try {
    return new UriTemplate(uriTemplate);
  } catch {
    return null;
  }
}
