import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/server';
import { canonical } from '@/lib/names/canonical';
import { type PreparedCatalog, prepareCatalog } from '@/lib/surface/prepared-catalog';
import { GROUPS_META, routerGrouping } from '@/lib/surface/groups';
import { presentedList } from '@/lib/surface/presented';
import type { ListedTool } from '@/lib/surface/types';
import type { FetchedSurface } from './favindex-api';
import type { PolicyRefusal } from '@/lib/policy/refusal';
import { PolicyGate } from './policy-gate';
import type { ListingKey, ProxySession, SessionListing } from './session';
import { DEFAULT_VIEW, type SurfaceView, surfaceView } from './surface-view';
import type { ToolsCache } from './tools-cache';

/** The `_meta` key Claude Code reads to keep a tool's schema loaded instead of deferring it. */
export const ALWAYS_LOAD_META = 'anthropic/alwaysLoad';

/**
 * What each client session sees: the catalog the held tools make in favindex's server order,
 * the surface in force, and per session its list under the tool policy, each session told when
 * its list changes. Every list is computed once per change of what it is built from.
 */
export class Presenter {
  readonly sessions = new Set<ProxySession>();
  view: SurfaceView = DEFAULT_VIEW;
  catalog: PreparedCatalog = prepareCatalog([]);
  /** The tool policy per session (§policy); `requirePolicy` on it makes the proxy fail closed. */
  readonly policy = new PolicyGate();
  /** Told after each surface put in force (the passthrough: its policy may change whose prompts and resources a session may use). */
  readonly viewListeners = new Set<() => void>();
  private raw = new Map<string, Tool>();
  private stamp = 0;

  constructor(
    private readonly tools: Pick<ToolsCache, 'get' | 'has' | 'servers'>,
    private readonly log: (message: string) => void,
  ) {
    this.rebuild();
  }

  /** Put the surface favindex sent in force; true when its server order changed, which makes another catalog. */
  setView(fetched: FetchedSurface | null): boolean {
    const before = this.view.order.join('\n');
    const hadPolicy = this.view.policy !== null;
    this.view = surfaceView(fetched);
    if (hadPolicy && fetched && !this.view.policy) {
      const then = this.policy.requirePolicy ? 'no tool is listed or called until it sends one again (--require-policy)' : 'every tool is open again';
      this.log(`favindex sent a surface without a tool policy after one with it (an older favindex?): ${then}`);
    }
    for (const listener of this.viewListeners) listener();
    return this.view.order.join('\n') !== before;
  }

  /** The catalog of the servers this proxy runs, in favindex's order (servers favindex does not list yet last). */
  rebuild(): void {
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

  /** Whether `server` listed a tool of exactly this name (a name is sent to a server only so, §surface). */
  lists(server: string, tool: string): boolean {
    return this.raw.has(canonical(server, tool));
  }

  /** A tool's inputSchema as its server listed it, or undefined for a tool it does not list. */
  inputSchemaOf(server: string, tool: string): Record<string, unknown> | undefined {
    return this.raw.get(canonical(server, tool))?.inputSchema;
  }

  /** Null when a session of `client` may use what `server` offers besides tools; else the refusal of `refused` (§policy). */
  serverRefusal(client: string | null, server: string, refused: string): PolicyRefusal | null {
    return this.policy.serverRefusal(this.view, client, server, refused);
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
    // Compared field by field, not as a joined string: this runs on every call (#26).
    const kept = session.listing;
    if (kept && isSameKey(kept.key, this.stamp, this.view.etag, session, missing)) return kept;
    const key: ListingKey = { stamp: this.stamp, etag: this.view.etag, version: session.version, client: session.client, missing, grouping: session.grouping };
    // Without the policy it requires the proxy lists nothing, meta tools included: nothing could be called.
    const view = this.viewFor(session);
    const catalog = this.catalogFor(session);
    const list = missing ? [] : presentedList(view, catalog, session.listedAs(this.view)).tools;
    const byName = new Map<string, ListedTool>();
    for (const tool of list) byName.set(tool.name, tool);
    // With nothing listed there is nothing to group: 'off' groups nothing.
    const grouping = routerGrouping(missing ? 'off' : view.mode, view.routers, catalog);
    // Only a client that speaks the grouping extension reads a group on a tool: any other gets the list unchanged.
    const tools = list.map((t) => this.mcpTool(t, session.grouping ? grouping.groupOf(t) : null));
    // What the client would read, not when it was computed: a rebuild that changes nothing tells no one.
    const toolsHash = createHash('sha256').update(JSON.stringify(tools)).digest('base64url');
    const groupsHash = createHash('sha256').update(JSON.stringify(grouping.groups)).digest('base64url');
    session.listing = { key, toolsHash, tools, byName, groups: grouping.groups, groupsHash };
    return session.listing;
  }

  private mcpTool(tool: ListedTool, group: string | null): Tool {
    const raw = tool.canonical ? this.raw.get(tool.canonical) : undefined;
    const out: Tool = raw
      ? { ...raw, name: tool.name }
      : // The schema as the MCP server listed it, passed on unchanged: the proxy lists tools again, it does not rewrite them.
        { name: tool.name, description: tool.body.description, inputSchema: tool.body.inputSchema as Tool['inputSchema'] };
    // Claude Code keeps a tool so marked loaded while it defers the rest behind its ToolSearch.
    if (tool.alwaysLoad) out._meta = { ...out._meta, [ALWAYS_LOAD_META]: true };
    // A tool is in at most one router (§routers): its group, beside whatever groups its server gave it.
    if (group !== null) out._meta = { ...out._meta, [GROUPS_META]: [...groupsOf(out._meta), group] };
    return out;
  }

  /** Tell a session its list (or its groups) changed, if what it last read is not what it would read now. */
  notifyIfChanged(session: ProxySession): void {
    if (session.known !== null) {
      const now = this.listing(session).toolsHash;
      // Each new list is announced once, whether or not the client read the one before.
      if (now !== session.known) {
        session.known = now;
        session.notifyListChanged().catch(() => {});
      }
    }
    if (session.knownGroups !== null && session.notifyGroupsChanged) {
      const now = this.listing(session).groupsHash;
      if (now !== session.knownGroups) {
        session.knownGroups = now;
        session.notifyGroupsChanged().catch(() => {});
      }
    }
  }

  notifyAll(): void {
    for (const session of this.sessions) this.notifyIfChanged(session);
  }
}

function isSameKey(key: ListingKey, stamp: number, etag: string | null, session: ProxySession, missing: boolean): boolean {
  return (
    key.stamp === stamp &&
    key.etag === etag &&
    key.version === session.version &&
    key.client === session.client &&
    key.missing === missing &&
    key.grouping === session.grouping
  );
}

/** The groups a server already put a tool in (a server may speak the grouping extension too): kept, ours added. */
function groupsOf(meta: Tool['_meta']): string[] {
  const groups = meta?.[GROUPS_META];
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
}
