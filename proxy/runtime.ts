import fs from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { catalogFingerprint } from '@/lib/catalog/fingerprint';
import { canonical } from '@/lib/names/canonical';
import { defaultFavouriteIndex } from '@/lib/schemas/favourites';
import { defaultSurfaceConfig, instructionFor } from '@/lib/schemas/surface-config';
import { type PreparedCatalog, prepareCatalog } from '@/lib/surface/prepared-catalog';
import { presentedList, type PresentedSurface } from '@/lib/surface/presented';
import type { ListedTool } from '@/lib/surface/types';
import type { FavindexApi, FetchedSurface } from './favindex-api';
import type { ProxyProblem, ProxyProblems } from './problems';
import type { ProxySession, SessionListing } from './session';
import type { SurfaceClient } from './surface-client';
import type { Upstream, UpstreamTools } from './upstreams';

/** What the proxy presents from: the surface document in force, or favindex's defaults before it has one. */
export interface SurfaceView extends PresentedSurface {
  etag: string | null;
  revision: number | null;
  /** Presented name → canonical, for names the session's own list does not hold. */
  names: Readonly<Record<string, string>>;
  /** Catalog servers in the order favindex keeps them. */
  order: readonly string[];
}

const DEFAULT_CONFIG = defaultSurfaceConfig();
const DEFAULT_VIEW: SurfaceView = {
  mode: DEFAULT_CONFIG.mode,
  limits: DEFAULT_CONFIG.limits,
  favouriteIndex: defaultFavouriteIndex(),
  instruction: instructionFor(DEFAULT_CONFIG),
  naming: DEFAULT_CONFIG.naming,
  serverKey: DEFAULT_CONFIG.serverKey,
  etag: null,
  revision: null,
  names: {},
  order: [],
};

export function surfaceView(fetched: FetchedSurface | null): SurfaceView {
  if (!fetched) return DEFAULT_VIEW;
  const d = fetched.document;
  return {
    mode: d.mode,
    limits: d.limits,
    favouriteIndex: d.favouriteIndex,
    instruction: d.instruction,
    naming: d.naming,
    serverKey: d.serverKey,
    etag: fetched.etag,
    revision: fetched.revision,
    names: d.names,
    order: d.catalog.servers.map((s) => s.name),
  };
}

/**
 * The proxy's state: every upstream's tools (kept on disk too, so a restart presents them
 * before the servers are up), the catalog they make in favindex's server order, the surface
 * in force, and the connected sessions, each told when its list changes.
 */
export class ProxyState {
  readonly tools = new Map<string, UpstreamTools & { fingerprint: string }>();
  readonly sessions = new Set<ProxySession>();
  view: SurfaceView = DEFAULT_VIEW;
  catalog: PreparedCatalog = prepareCatalog([]);
  private raw = new Map<string, Tool>();
  private stamp = 0;
  private readonly pendingPush = new Set<string>();
  surface: SurfaceClient | null = null;

  constructor(
    readonly upstreams: ReadonlyMap<string, Upstream>,
    readonly api: FavindexApi,
    private readonly toolsDir: string,
    private readonly log: (message: string) => void,
    readonly problems: ProxyProblems,
  ) {
    for (const name of upstreams.keys()) {
      try {
        const saved = JSON.parse(fs.readFileSync(this.toolsFile(name), 'utf8')) as UpstreamTools;
        this.tools.set(name, { ...saved, fingerprint: catalogFingerprint(saved.tools) });
      } catch {
        // never listed yet
      }
    }
    this.rebuild();
  }

  /** The last failure of a request to favindex (a missing scope, favindex unreachable), for a status report. */
  get lastError(): ProxyProblem | null {
    return this.problems.last;
  }

  private toolsFile(server: string): string {
    return path.join(this.toolsDir, `${server}.json`);
  }

  /** An upstream listed its tools: keep them, upload them as its catalog, and update every session. */
  setTools(server: string, tools: UpstreamTools): void {
    const fingerprint = catalogFingerprint(tools.tools);
    const before = this.tools.get(server);
    this.pendingPush.add(server);
    void this.pushCatalogs();
    if (before?.fingerprint === fingerprint) return;
    this.tools.set(server, { ...tools, fingerprint });
    try {
      fs.mkdirSync(this.toolsDir, { recursive: true });
      const tmp = `${this.toolsFile(server)}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ tools: tools.tools, raw: tools.raw }));
      fs.renameSync(tmp, this.toolsFile(server));
    } catch (err) {
      this.log(`cannot keep ${server}'s tools on disk: ${(err as Error).message}`);
    }
    this.rebuild();
  }

  setSurface(fetched: FetchedSurface | null): void {
    const before = this.view.order.join('\n');
    this.view = surfaceView(fetched);
    const wanted = new Map(fetched?.document.catalog.servers.map((s) => [s.name, s.fingerprint]));
    for (const [name, held] of this.tools) {
      const theirs = wanted.get(name);
      if (theirs !== undefined && theirs !== held.fingerprint && !this.pendingPush.has(name)) {
        this.log(`favindex's catalog of ${name} is not what ${name} lists now: uploading it again`);
        this.pendingPush.add(name);
      }
    }
    void this.pushCatalogs();
    // A new catalog order is a new catalog; otherwise only the lists may change.
    if (this.view.order.join('\n') !== before) this.rebuild();
    else this.notifyAll();
  }

  /** Upload every catalog not yet taken by favindex; what fails is tried again at the next surface poll. */
  async pushCatalogs(): Promise<void> {
    let pushed = false;
    for (const server of [...this.pendingPush]) {
      const held = this.tools.get(server);
      if (!held) continue;
      try {
        const result = await this.api.putCatalog(server, held.tools);
        this.pendingPush.delete(server);
        if (result.changed) {
          pushed = true;
          this.log(`${server}: catalog version ${result.version} uploaded (${held.tools.length} tools)`);
        }
      } catch (err) {
        this.problems.report(err, `${server}: catalog not uploaded`);
        return;
      }
    }
    if (pushed) void this.surface?.refresh();
  }

  hasPendingPush(): boolean {
    return this.pendingPush.size > 0;
  }

  /** The catalog of the servers this proxy runs, in favindex's order (servers favindex does not list yet last). */
  private rebuild(): void {
    const order = [...this.view.order.filter((s) => this.tools.has(s)), ...[...this.tools.keys()].filter((s) => !this.view.order.includes(s))];
    this.catalog = prepareCatalog(order.map((name) => ({ name, tools: this.tools.get(name)!.tools })));
    this.raw = new Map();
    for (const name of order) for (const tool of this.tools.get(name)!.raw) this.raw.set(canonical(name, tool.name), tool);
    this.stamp++;
    this.notifyAll();
  }

  /** The list one session is given now (computed once per change of surface, catalog or session). */
  listing(session: ProxySession): SessionListing {
    const key = `${this.stamp}|${this.view.etag}|${session.version}`;
    if (session.listing?.key === key) return session.listing;
    const list = presentedList(this.view, this.catalog, session.presented).tools;
    const byName = new Map<string, ListedTool>();
    for (const tool of list) byName.set(tool.name, tool);
    session.listing = { key, signature: `${list.map((t) => t.name).join('\n')}\u0000${this.stamp}`, tools: list.map((t) => this.mcpTool(t)), byName };
    return session.listing;
  }

  private mcpTool(tool: ListedTool): Tool {
    const raw = tool.canonical ? this.raw.get(tool.canonical) : undefined;
    if (raw) return { ...raw, name: tool.name };
    return { name: tool.name, description: tool.body.description, inputSchema: tool.body.inputSchema as Tool['inputSchema'] };
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
