import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/server';
import { canonical } from '@/lib/names/canonical';
import { type PreparedCatalog, prepareCatalog } from '@/lib/surface/prepared-catalog';
import { presentedList } from '@/lib/surface/presented';
import type { ListedTool } from '@/lib/surface/types';
import { ArgumentChecks } from './argument-checks';
import { CatalogUploader } from './catalog-uploader';
import type { FavindexApi, FetchedSurface } from './favindex-api';
import { PolicyGate } from './policy-gate';
import type { ProxyProblem, ProxyProblems } from './problems';
import type { ProxySession, SessionListing } from './session';
import type { SurfaceClient } from './surface-client';
import { DEFAULT_VIEW, type SurfaceView, surfaceView } from './surface-view';
import { ToolsCache } from './tools-cache';
import type { Upstream, UpstreamState, UpstreamTools } from './upstreams';

export { type SurfaceView, surfaceView } from './surface-view';

/** The `_meta` key Claude Code reads to keep a tool's schema loaded instead of deferring it. */
export const ALWAYS_LOAD_META = 'anthropic/alwaysLoad';

/**
 * The proxy's state: every upstream's tools (kept on disk too, so a restart presents them
 * before the servers are up), the catalog they make in favindex's server order, the surface
 * in force, and the connected sessions, each told when its list changes.
 */
export class ProxyState {
  readonly tools: ToolsCache;
  readonly sessions = new Set<ProxySession>();
  view: SurfaceView = DEFAULT_VIEW;
  catalog: PreparedCatalog = prepareCatalog([]);
  private raw = new Map<string, Tool>();
  private stamp = 0;
  readonly uploader: CatalogUploader;
  surface: SurfaceClient | null = null;
  /** Compiled inputSchemas of the tools held, each once per catalog version (§arguments). */
  readonly argumentChecks: ArgumentChecks;
  /** The tool policy per session (§policy); `requirePolicy` on it makes the proxy fail closed. */
  readonly policy = new PolicyGate();
  /** Upstreams that listed their tools or failed to start in this run. */
  private readonly settled = new Set<string>();
  private surfaceRead = false;
  private started = false;
  /** When the first list stops waiting (ms since the epoch): the proxy's start plus --start-wait. */
  startBy = 0;
  private readonly readyWaiters: (() => void)[] = [];

  constructor(
    readonly upstreams: ReadonlyMap<string, Upstream>,
    api: FavindexApi,
    toolsDir: string,
    private readonly log: (message: string) => void,
    readonly problems: ProxyProblems,
  ) {
    this.argumentChecks = new ArgumentChecks(log);
    this.tools = new ToolsCache(upstreams.keys(), toolsDir, log);
    this.uploader = new CatalogUploader({
      api,
      tools: this.tools,
      problems,
      log,
      afterChange: () => this.surface?.refresh(true),
      settled: () => this.checkReady(),
    });
    this.rebuild();
  }

  /** The last failure of a request to favindex (a missing scope, favindex unreachable), for a status report. */
  get lastError(): ProxyProblem | null {
    return this.problems.last;
  }

  /** An upstream listed its tools: keep them, update every session, and upload them as its catalog at once. */
  setTools(server: string, tools: UpstreamTools): void {
    if (this.tools.set(server, tools)) this.rebuild();
    this.settled.add(server);
    // Sent even when unchanged, as favindex may not have it.
    this.uploader.upload(server);
  }

  /** An upstream's state changed: one that failed to start no longer holds the first list. */
  setUpstreamState(server: string, state: UpstreamState): void {
    if (state !== 'down') return;
    this.settled.add(server);
    this.checkReady();
  }

  setSurface(fetched: FetchedSurface | null): void {
    const before = this.view.order.join('\n');
    const hadPolicy = this.view.policy !== null;
    this.view = surfaceView(fetched);
    if (hadPolicy && fetched && !this.view.policy) {
      const then = this.policy.requirePolicy ? 'no tool is listed or called until it sends one again (--require-policy)' : 'every tool is open again';
      this.log(`favindex sent a surface without a tool policy after one with it (an older favindex?): ${then}`);
    }
    this.uploader.resync(fetched?.document.catalog.servers ?? []);
    // A new catalog order is a new catalog; otherwise only the lists may change.
    if (this.view.order.join('\n') !== before) this.rebuild();
    else this.notifyAll();
  }

  /** The first surface read was answered or failed. */
  surfaceSettled(): void {
    this.surfaceRead = true;
    this.checkReady();
  }

  /**
   * What the first list still waits for: MCP servers neither listed nor failed, and favindex
   * not yet read (or still taking and answering for a catalog). Empty once it was complete.
   */
  startingReasons(): string[] {
    if (this.started) return [];
    const servers = [...this.upstreams.keys()].filter((name) => !this.settled.has(name));
    const reasons = servers.length > 0 ? [`MCP server(s) still starting: ${servers.join(', ')}`] : [];
    if (!this.surfaceRead) reasons.push('favindex has not answered for the surface yet');
    else if (this.uploader.busy()) reasons.push('favindex is still taking the catalog');
    if (reasons.length === 0) this.started = true;
    return reasons;
  }

  /**
   * Start serving lists at once, from the tools and surface kept on disk by an earlier run, when
   * there is one for every server; otherwise the first list waits (see `whenStarted`).
   */
  startWarmIfKept(): boolean {
    this.started ||= this.surface?.current != null && [...this.upstreams.keys()].every((name) => this.tools.has(name));
    return this.started;
  }

  /** Resolves when the first list is complete, or at `startBy`, with what is still missing then. */
  whenStarted(): Promise<string[]> {
    if (this.startingReasons().length === 0) return Promise.resolve([]);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(this.startingReasons());
      };
      const timer = setTimeout(done, Math.max(0, this.startBy - Date.now()));
      this.readyWaiters.push(done);
    });
  }

  private checkReady(): void {
    if (this.readyWaiters.length > 0 && this.startingReasons().length === 0) for (const wake of this.readyWaiters.splice(0)) wake();
  }

  /** The catalog of the servers this proxy runs, in favindex's order (servers favindex does not list yet last). */
  private rebuild(): void {
    const order = [...this.view.order.filter((s) => this.tools.has(s)), ...[...this.tools.servers()].filter((s) => !this.view.order.includes(s))];
    const held = order.flatMap((name) => {
      const tools = this.tools.get(name);
      return tools ? [{ name, ...tools }] : [];
    });
    this.catalog = prepareCatalog(held.map(({ name, tools }) => ({ name, tools })));
    this.raw = new Map();
    for (const { name, raw } of held) for (const tool of raw) this.raw.set(canonical(name, tool.name), tool);
    this.stamp++;
    this.notifyAll();
  }

  /** A tool's inputSchema as its server listed it, or undefined for a tool it does not list. */
  inputSchemaOf(server: string, tool: string): Record<string, unknown> | undefined {
    return this.raw.get(canonical(server, tool))?.inputSchema;
  }

  /** What one session may use of the catalog under the policy: its lists, searches and calls are built on it. */
  catalogFor(session: ProxySession): PreparedCatalog {
    return this.policy.catalogFor(this.catalog, this.view, session.client);
  }

  /** The view one session lists from: the surface's, with the favourites it may not use left out. */
  viewFor(session: ProxySession): SurfaceView {
    return this.policy.viewFor(this.catalog, this.view, session.client);
  }

  /** The list one session is given now (computed once per change of surface, catalog, client or session). */
  listing(session: ProxySession): SessionListing {
    const missing = this.policy.missing(this.view);
    const key = `${this.stamp}|${this.view.etag}|${session.version}|${JSON.stringify(session.client)}|${missing}`;
    if (session.listing?.key === key) return session.listing;
    // Without the policy it requires the proxy lists nothing, meta tools included: nothing could be called.
    const list = missing ? [] : presentedList(this.viewFor(session), this.catalogFor(session), session.listedAs(this.view)).tools;
    const byName = new Map<string, ListedTool>();
    for (const tool of list) byName.set(tool.name, tool);
    const tools = list.map((t) => this.mcpTool(t));
    // What the client would read, not when it was computed: a rebuild that changes nothing tells no one.
    const signature = createHash('sha256').update(JSON.stringify(tools)).digest('base64url');
    session.listing = { key, signature, tools, byName };
    return session.listing;
  }

  private mcpTool(tool: ListedTool): Tool {
    const raw = tool.canonical ? this.raw.get(tool.canonical) : undefined;
    const out: Tool = raw
      ? { ...raw, name: tool.name }
      : { name: tool.name, description: tool.body.description, inputSchema: tool.body.inputSchema as Tool['inputSchema'] };
    // Claude Code keeps a tool so marked loaded while it defers the rest behind its ToolSearch.
    if (tool.alwaysLoad) out._meta = { ...out._meta, [ALWAYS_LOAD_META]: true };
    return out;
  }

  /** Tell a session its list changed, if the list it last read is not the one it would read now. */
  notifyIfChanged(session: ProxySession): void {
    if (session.known === null) return;
    const now = this.listing(session).signature;
    if (now === session.known) return;
    // Each new list is announced once, whether or not the client read the one before.
    session.known = now;
    session.notifyListChanged().catch(() => {});
  }

  notifyAll(): void {
    for (const session of this.sessions) this.notifyIfChanged(session);
  }
}

/** Said to a client (MCP logging) and on stderr when the first list is answered incomplete. */
export function startingNotice(reasons: readonly string[]): string {
  return `tools/list answered before everything was ready (${reasons.join('; ')}); the missing tools follow with notifications/tools/list_changed`;
}
