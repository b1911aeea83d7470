import fs from 'node:fs';
import { ServerCapabilitiesSchema } from '@modelcontextprotocol/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Server, CompleteResult, ServerCapabilities } from '@modelcontextprotocol/server';
import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ProxySession } from '../session';
import type { Upstream } from '../upstreams';
import { Asks } from './asks';
import { capabilitiesOf, type Extra, FORWARDED_CLIENT_CAPABILITIES, Hub, type InFlight, type OfferGate, withoutProgressToken } from './hub';
import { refuseCursor } from './lists';
import { Logging } from './logging';
import { Prompts } from './prompts';
import { Resources } from './resources';
import { keepJson } from '../kept-file';
import { serversNotUp, type TellOnce, tellerFor, waitToList } from '../start-wait';

/** The proxy's start as the lists wait for it (ProxyState): a wait bounded by --start-wait, and the seconds left of it. */
export interface StartingServers {
  untilStarted(ready: () => boolean): Promise<boolean>;
  secondsLeft(): number;
}

export { ANNOUNCED_CAPABILITIES, type Extra, type OfferGate } from './hub';

/**
 * What the proxy passes through besides tools: prompts, resources and templates (with
 * subscriptions), completion, logging, and the requests servers send their client. One per proxy;
 * `register` adds the handlers to each session's Server for what it announced.
 */
export class Passthrough {
  private readonly hub: Hub;
  private readonly prompts: Prompts;
  private readonly resources: Resources;
  private readonly logging: Logging;
  private readonly asks: Asks;

  constructor(private readonly options: { callTimeoutMs: number; cacheFile: string; log(message: string): void }) {
    this.hub = new Hub(new Map(), options.callTimeoutMs, options.log);
    try {
      const kept = z.record(z.string(), ServerCapabilitiesSchema).safeParse(JSON.parse(fs.readFileSync(options.cacheFile, 'utf8')));
      if (kept.success) this.hub.cached = kept.data;
    } catch {
      // first start: nothing known yet
    }
    this.prompts = new Prompts(this.hub);
    this.resources = new Resources(this.hub);
    this.logging = new Logging(this.hub);
    this.asks = new Asks(this.hub);
  }

  /** For UpstreamOptions.client: what every server is told the proxy's client can do, and its handlers. */
  readonly client = {
    capabilities: FORWARDED_CLIENT_CAPABILITIES,
    setup: (server: string, client: Client) => this.setupClient(server, client),
  };

  /** Per session, the servers whose prompts and resources it may use, as it was last told (§policy). */
  private readonly mayUse = new WeakMap<ProxySession, string>();
  /** Until attached: nothing to wait for. */
  private starting: StartingServers = { untilStarted: async (ready) => ready(), secondsLeft: () => 0 };

  /**
   * The servers, once started: their state changes update what sessions are told. `gate` is the
   * tool policy: a session lists and uses the prompts, resources and templates of the servers it
   * lets it use, and hears list_changed when a new policy changes which. A list waits (as
   * `starting` bounds it) for the servers still on their first start that may offer its kind.
   */
  attach(upstreams: ReadonlyMap<string, Upstream>, gate: OfferGate, starting?: StartingServers): void {
    this.hub.upstreams = upstreams;
    this.hub.gate = gate;
    if (starting) this.starting = starting;
    gate.viewListeners.add(() => this.policyChanged());
    for (const upstream of upstreams.values()) {
      upstream.stateListeners.add((state) => {
        if (state === 'up') {
          this.remember(upstream);
          this.resources.resubscribe(upstream.name);
          this.logging.reapply(upstream.name);
          // A client with roots may have connected while the server started (before it could hear of them).
          if (this.rootsHeld()) this.tellRoots(upstream);
        }
        if (state === 'up' || state === 'down') this.listsChanged(upstream);
      });
    }
  }

  private remember(upstream: Upstream): void {
    const caps = upstream.lastCapabilities;
    if (!caps || JSON.stringify(this.hub.cached[upstream.name]) === JSON.stringify(caps)) return;
    this.hub.cached = { ...this.hub.cached, [upstream.name]: caps };
    keepJson(this.options.cacheFile, this.hub.cached, "the servers' capabilities", this.options.log);
  }

  /** Servers on their first start that may offer `kind`: what they offered in an earlier run says so, or nothing is known of them. */
  private startingWith(kind: 'prompts' | 'resources'): string[] {
    const servers = [...this.hub.upstreams.values()].filter((u) => {
      const known = this.hub.known(u);
      return u.state === 'starting' && (known === undefined || known[kind] !== undefined);
    });
    return servers.length > 0 ? [`MCP server(s) still starting: ${servers.map((u) => u.name).join(', ')}`] : [];
  }

  /** A list of `kind` waits for the servers still starting that may offer it; its answer says which servers are not up. */
  private async waitToList(method: string, kind: 'prompts' | 'resources', tell: TellOnce | undefined): Promise<{ _meta?: Record<string, unknown> }> {
    const starting = this.starting;
    await waitToList(
      method,
      () => this.startingWith(kind),
      (ready) => starting.untilStarted(ready),
      tell,
      () => starting.secondsLeft(),
    );
    return serversNotUp(this.hub.upstreams.values(), tell);
  }

  during<T>(session: ProxySession, sendRequest: InFlight['sendRequest'], run: () => Promise<T>): Promise<T> {
    return this.hub.during(session, sendRequest, run);
  }

  /**
   * The handlers of one session's Server, for the capabilities it was created with. The policy
   * decides each request for `clientOf` it: the session's client, or (MCP 2026-07-28, where one
   * Server serves every client) the client the request names.
   */
  register(server: Server, session: ProxySession, capabilities: ServerCapabilities, clientOf: (ctx: Extra) => string | null = () => session.client): void {
    this.hub.links.set(session, { server, capabilities });
    // What a list was made for: only a session that listed has anything to be told again.
    const listing = (ctx: Extra) => {
      const client = clientOf(ctx);
      this.mayUse.set(session, this.serversFor(client));
      return client;
    };
    // A session of MCP 2026-07-28 stands for every request of a client: nothing is said to it once.
    const tell = session.stateless ? undefined : tellerFor(server, session.told);
    if (capabilities.prompts) {
      server.setRequestHandler('prompts/list', async (request, ctx) => {
        refuseCursor(request.params, 'prompts/list');
        const meta = await this.waitToList('prompts/list', 'prompts', tell);
        return { prompts: await this.prompts.list(session, ctx, listing(ctx)), ...meta };
      });
      server.setRequestHandler('prompts/get', (request, ctx) => this.prompts.get(session, ctx, request.params, clientOf(ctx)));
    }
    if (capabilities.resources) {
      server.setRequestHandler('resources/list', async (request, ctx) => {
        refuseCursor(request.params, 'resources/list');
        const meta = await this.waitToList('resources/list', 'resources', tell);
        return { resources: await this.resources.list(session, ctx, listing(ctx)), ...meta };
      });
      server.setRequestHandler('resources/templates/list', async (request, ctx) => {
        refuseCursor(request.params, 'resources/templates/list');
        const meta = await this.waitToList('resources/templates/list', 'resources', tell);
        return { resourceTemplates: await this.resources.listTemplates(session, ctx, listing(ctx)), ...meta };
      });
      server.setRequestHandler('resources/read', (request, ctx) => this.resources.read(session, ctx, request.params, clientOf(ctx)));
      server.setRequestHandler('resources/subscribe', async (request, ctx) => {
        await this.resources.subscribe(session, ctx, request.params.uri, clientOf(ctx));
        return {};
      });
      server.setRequestHandler('resources/unsubscribe', async (request, ctx) => {
        await this.resources.unsubscribe(session, ctx, request.params.uri);
        return {};
      });
    }
    if (capabilities.completions) server.setRequestHandler('completion/complete', (request, ctx) => this.complete(session, ctx, request.params, clientOf(ctx)));
    if (capabilities.logging) {
      server.setRequestHandler('logging/setLevel', async (request, ctx) => {
        await this.logging.setLevel(session, ctx, request.params.level);
        return {};
      });
    }
    server.setNotificationHandler('notifications/roots/list_changed', async () => this.rootsChanged());
    // A server asks for roots once, when its session starts: a client with roots that connects later is news to it.
    const initialized = server.oninitialized;
    server.oninitialized = () => {
      initialized?.();
      if (server.getClientCapabilities()?.roots) this.rootsChanged();
    };
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      this.hub.links.delete(session);
      this.resources.forget(session);
      this.logging.forget(session);
    };
  }

  /** completion/complete: a prompt's to the server of that prompt (under its own name), a template's to the server that listed it. */
  private async complete(session: ProxySession, extra: Extra, params: Parameters<Client['complete']>[0], who: string | null): Promise<CompleteResult> {
    const ref = params.ref;
    const route =
      ref.type === 'ref/prompt'
        ? await this.prompts.route(session, extra, ref.name, who)
        : { server: await this.resources.owner(session, extra, ref.uri, who), name: null };
    const upstream = this.hub.upstreams.get(route.server);
    if (!upstream) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `'${route.server}' is not one of this proxy's MCP servers`);
    // A server that offers no completion has none to give: an empty list, as the spec allows.
    const caps = capabilitiesOf(upstream);
    if (caps && !caps.completions) return { completion: { values: [] } };
    const forwarded = withoutProgressToken(params);
    const request = ref.type === 'ref/prompt' && route.name !== null ? { ...forwarded, ref: { ...ref, name: route.name } } : forwarded;
    return this.hub.send(session, extra, route.server, 'completion/complete', (client, options) => client.complete(request, options));
  }

  private setupClient(server: string, client: Client): void {
    this.asks.setup(server, client);
    client.setNotificationHandler('notifications/message', async (n) => this.logging.fromServer(server, n.params));
    client.setNotificationHandler('notifications/resources/updated', async (n) => this.resources.updated(server, n.params));
    client.setNotificationHandler('notifications/resources/list_changed', async () => {
      for (const s of this.hub.announcing('resources')) s.sendResourceListChanged().catch(() => {});
    });
    client.setNotificationHandler('notifications/prompts/list_changed', async () => {
      for (const s of this.hub.announcing('prompts')) s.sendPromptListChanged().catch(() => {});
    });
  }

  private rootsChanged(): void {
    for (const upstream of this.hub.upstreams.values()) if (upstream.state === 'up') this.tellRoots(upstream);
  }

  private tellRoots(upstream: Upstream): void {
    try {
      upstream
        .session()
        .sendRootsListChanged()
        .catch(() => {});
    } catch {
      // down again already: it asks for roots when it is back
    }
  }

  /** Whether a connected session's client has roots. */
  private rootsHeld(): boolean {
    return [...this.hub.links.values()].some((link) => link.server.getClientCapabilities()?.roots !== undefined);
  }

  /** The servers a session of `client` may use the prompts and resources of, as one key. */
  private serversFor(client: string | null): string {
    return [...this.hub.upstreams.keys()].filter((name) => this.hub.allows(client, name)).join('\n');
  }

  /** A new surface: a session whose policy now lets it use other servers' prompts and resources lists them again. */
  private policyChanged(): void {
    for (const [session, link] of this.hub.links) {
      const then = this.mayUse.get(session);
      const now = this.serversFor(session.client);
      if (then === undefined || then === now) continue;
      this.mayUse.set(session, now);
      if (link.capabilities.prompts) link.server.sendPromptListChanged().catch(() => {});
      if (link.capabilities.resources) link.server.sendResourceListChanged().catch(() => {});
    }
  }

  /** A server came up or went down: its prompts and resources appear or go, so sessions list again. */
  private listsChanged(upstream: Upstream): void {
    const caps = upstream.lastCapabilities;
    if (caps?.prompts) for (const s of this.hub.announcing('prompts')) s.sendPromptListChanged().catch(() => {});
    if (caps?.resources) for (const s of this.hub.announcing('resources')) s.sendResourceListChanged().catch(() => {});
  }
}
