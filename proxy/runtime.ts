import { ArgumentChecks } from './argument-checks';
import { CatalogUploader } from './catalog-uploader';
import type { FavindexApi, FetchedSurface } from './favindex-api';
import { Presenter } from './presenter';
import type { ProxyProblem, ProxyProblems } from './problems';
import { Wakeups } from './start-wait';
import type { SurfaceClient } from './surface-client';
import { ToolsCache } from './tools-cache';
import type { Upstream, UpstreamState, UpstreamTools } from './upstreams';

/** What a proxy's state is made of (see startProxy, which makes each part once). */
export interface ProxyStateParts {
  upstreams: ReadonlyMap<string, Upstream>;
  api: FavindexApi;
  /** Where the tools each server listed are kept for the next start. */
  toolsDir: string;
  log: (message: string) => void;
  problems: ProxyProblems;
  /** The project's surface, kept and polled; none in a test that hands surfaces in itself. */
  surface?: SurfaceClient;
  /** When the first lists stop waiting (ms since the epoch): the proxy's start plus --start-wait. */
  startBy?: number;
  /** --require-policy: no tool listed or called before favindex sends this token's policy. */
  requirePolicy?: boolean;
}

/**
 * The proxy's state, wired: the tools each upstream listed (ToolsCache), their uploads as
 * favindex's catalogs (CatalogUploader), and what each client session sees (Presenter). It
 * passes each event on to the parts it concerns, in the order they depend on, and holds the
 * first lists until the servers, the surface and the uploads they wait for are in.
 */
export class ProxyState {
  readonly tools: ToolsCache;
  readonly uploader: CatalogUploader;
  readonly presenter: Presenter;
  readonly surface: SurfaceClient | null;
  /** Compiled inputSchemas of the tools held, each once per catalog version (§arguments). */
  readonly argumentChecks: ArgumentChecks;
  /** Upstreams that listed their tools or failed to start in this run. */
  private readonly settled = new Set<string>();
  private surfaceRead = false;
  private started = false;
  /** When the first lists stop waiting (ms since the epoch): the proxy's start plus --start-wait. */
  readonly startBy: number;
  /** The lists waiting for the start, woken at each change of what they wait for. */
  private readonly starting = new Wakeups();

  readonly upstreams: ReadonlyMap<string, Upstream>;
  private readonly problems: ProxyProblems;

  constructor({ upstreams, api, toolsDir, log, problems, surface, startBy = 0, requirePolicy = false }: ProxyStateParts) {
    this.upstreams = upstreams;
    this.problems = problems;
    this.surface = surface ?? null;
    this.startBy = startBy;
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
    this.presenter = new Presenter(this.tools, log);
    this.presenter.policy.requirePolicy = requirePolicy;
  }

  /** The last failure of a request to favindex (a missing scope, favindex unreachable), for a status report. */
  get lastError(): ProxyProblem | null {
    return this.problems.last;
  }

  /** An upstream listed its tools: keep them, update every session, and upload them as its catalog at once. */
  setTools(server: string, tools: UpstreamTools): void {
    // Stored first: the upload reads what is held.
    if (this.tools.set(server, tools)) this.presenter.rebuild();
    this.settled.add(server);
    // Sent even when unchanged, as favindex may not have it.
    this.uploader.upload(server);
  }

  /** An upstream's state changed: one that failed to start no longer holds the first list. */
  setUpstreamState(server: string, state: UpstreamState): void {
    if (state === 'down') this.settled.add(server);
    this.checkReady();
  }

  setSurface(fetched: FetchedSurface | null): void {
    const reordered = this.presenter.setView(fetched);
    this.uploader.resync(fetched?.document.catalog.servers ?? []);
    // A new catalog order is a new catalog; otherwise only the lists may change.
    if (reordered) this.presenter.rebuild();
    else this.presenter.notifyAll();
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
  async whenStarted(): Promise<string[]> {
    await this.untilStarted(() => this.startingReasons().length === 0);
    return this.startingReasons();
  }

  /** True once `ready()` holds, checked at each upstream state, listing, upload and surface read; false at `startBy`. */
  untilStarted(ready: () => boolean): Promise<boolean> {
    return this.starting.until(ready, this.startBy - Date.now());
  }

  /** Whole seconds left until `startBy`, for a client told that a list waits. */
  secondsLeft(): number {
    return Math.max(0, Math.ceil((this.startBy - Date.now()) / 1000));
  }

  private checkReady(): void {
    this.starting.wake();
  }
}
