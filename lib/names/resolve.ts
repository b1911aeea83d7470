import { canonical, isServerName, splitCanonical, toolPart } from './canonical';
import type { FavouritesTimeline } from './favourites-timeline';
import { listsTool, type NameCatalog, notListedReason } from './name-catalog';
import { resolveClientForm } from './resolve-client';
import { isSafeForm, resolveSafe } from './resolve-safe';
import { SAFE_FAVOURITE_PREFIX } from './safe-names';
import { sanitisePart } from './sanitise';
import { typedKeeper } from './typed-keeper';
import { INVOKE_TOOL, invokeTarget } from './invoke-target';
import { type NameContext, type NameOutcome, type Namespace, type PresentedCall, type Resolution, toolOutcome, unresolved } from './resolution';

export const BUILTIN_META_TOOLS = ['mcp_find_tools', 'mcp_list_services', 'mcp_get_service_details', 'begin_session'] as const;

const FAVOURITE_PREFIX = 'favourite/';
const ALL_PREFIX = 'all/';
const META: NameOutcome = { kind: 'meta' };

export function metaToolSet(projectMetaTools: readonly string[] = []): Set<string> {
  return new Set([...BUILTIN_META_TOOLS, ...projectMetaTools]);
}

/** Turn one presented name back into its canonical `server/tool` (§names). */
export function resolveCall(call: PresentedCall, ctx: NameContext): Resolution {
  const raw = call.tool;
  const givenServer = call.server ? call.server : null;
  if (raw !== INVOKE_TOOL && ctx.metaTools.has(raw)) return { kind: 'meta', namespace: 'meta', serverHint: givenServer, toolHint: null };
  const resolution = raw === INVOKE_TOOL ? resolveInvoke(call, ctx) : resolvePresented(raw, givenServer, call.timestamp, ctx);
  return call.canonical ? preferRouted(resolution, raw, call.canonical, ctx) : resolution;
}

function resolvePresented(raw: string, givenServer: string | null, timestamp: number, ctx: NameContext): Resolution {
  const namespace = presentedNamespace(raw);
  const outcome = givenServer ? resolveUnderServer(raw, namespace, givenServer, timestamp, ctx) : resolveWithoutServer(raw, namespace, timestamp, ctx);
  return finish(outcome, namespace, givenServer, null);
}

/**
 * The proxy said which tool it routed the call to: that tool it is, once the catalog lists it,
 * whatever the name read alone gives; until then the call waits unresolved. The namespace is
 * still the presented name's.
 */
function preferRouted(resolution: Resolution, raw: string, routed: string, ctx: NameContext): Resolution {
  const parts = splitCanonical(routed);
  if (!parts || resolution.kind === 'meta') return resolution;
  if (resolution.kind === 'tool' && resolution.canonical === routed) return resolution;
  const { serverHint, toolHint } = resolution;
  const namespace = resolution.kind === 'tool' ? resolution.namespace : (safeNamespace(raw) ?? resolution.namespace);
  if (listsTool(ctx.catalog, parts.server, parts.tool)) return { kind: 'tool', namespace, canonical: routed, serverHint, toolHint };
  return { kind: 'unresolved', namespace, reason: `routed to ${routed}, but ${notListedReason(ctx.catalog, parts.server, parts.tool)}`, serverHint, toolHint };
}

function safeNamespace(raw: string): Namespace | null {
  if (!isSafeForm(raw)) return null;
  return raw.startsWith(SAFE_FAVOURITE_PREFIX) ? 'favourite' : 'all';
}

/**
 * The event named its server: that server wins, unless the name is another form of one of its
 * own tools; and only a tool the server lists counts, never one made up from the name.
 */
function resolveUnderServer(raw: string, namespace: Namespace, server: string, timestamp: number, ctx: NameContext): NameOutcome {
  const tool = toolUnderGivenServer(raw, namespace, server, ctx.catalog);
  if (listsTool(ctx.catalog, server, tool)) return toolOutcome(canonical(server, tool), namespace);
  const other = resolveWithoutServer(raw, namespace, timestamp, ctx);
  if (other.kind === 'tool' && splitCanonical(other.canonical)?.server === server) return other;
  return unresolved(notListedReason(ctx.catalog, server, tool));
}

/** An unresolved call counts in the namespace its name looked like; a tool in the one that named it. */
function finish(outcome: NameOutcome, namespace: Namespace, serverHint: string | null, toolHint: string | null): Resolution {
  if (outcome.kind === 'meta') return { kind: 'meta', namespace: 'meta', serverHint, toolHint: null };
  if (outcome.kind === 'tool') return { kind: 'tool', namespace: outcome.namespace, canonical: outcome.canonical, serverHint, toolHint };
  return { kind: 'unresolved', namespace, reason: outcome.reason, serverHint, toolHint };
}

export function presentedNamespace(raw: string): Exclude<Namespace, 'invoke' | 'meta'> {
  if (raw.startsWith(FAVOURITE_PREFIX)) return 'favourite';
  if (raw.startsWith(ALL_PREFIX)) return 'all';
  if (raw.includes('/')) return 'canonical';
  if (raw.includes('__')) return 'typed';
  return 'bare';
}

function stripPrefix(raw: string, namespace: Namespace): string {
  if (namespace === 'favourite') return raw.slice(FAVOURITE_PREFIX.length);
  if (namespace === 'all') return raw.slice(ALL_PREFIX.length);
  return raw;
}

/** The event named its server: that server wins; the name only tells us the tool (§names). */
function toolUnderGivenServer(raw: string, namespace: Namespace, server: string, catalog: NameCatalog): string {
  if (listsTool(catalog, server, raw)) return raw;
  const rest = stripPrefix(raw, namespace);
  if (listsTool(catalog, server, rest)) return rest;
  if (rest.startsWith(`${server}/`)) return rest.slice(server.length + 1);
  if (namespace === 'typed') {
    const prefix = `${sanitisePart(server)}__`;
    const part = raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
    const matches = catalog.toolsBySanitised.get(server)?.get(part);
    const only = matches?.length === 1 ? matches[0] : undefined;
    return only ?? part;
  }
  return rest;
}

function resolveWithoutServer(raw: string, namespace: Namespace, timestamp: number, ctx: NameContext, clients = true): NameOutcome {
  // `fav_…` and `all_…` are the safe scheme's first; a tool or typed name may still start so.
  const safe = isSafeForm(raw) ? resolveSafe(raw, timestamp, ctx) : null;
  if (safe?.kind === 'tool') return safe;
  let outcome = resolveForm(raw, namespace, timestamp, ctx);
  // A server may itself be called `all` or `favourite`: then `all/x` can be that server's tool.
  if (outcome.kind === 'unresolved' && (namespace === 'all' || namespace === 'favourite')) {
    const parts = splitCanonical(raw);
    if (parts && ctx.catalog.tools.get(parts.server)?.has(parts.tool)) return toolOutcome(raw, 'canonical');
  }
  if (outcome.kind === 'unresolved' && safe) outcome = safe;
  if (outcome.kind === 'unresolved' && clients) {
    const version = ctx.favourites.at(timestamp)?.version ?? 0;
    // The call counts in the namespace of the name inside the client's form (favourite, all …).
    const inner = (name: string): NameOutcome => (ctx.metaTools.has(name) ? META : resolveWithoutServer(name, presentedNamespace(name), timestamp, ctx, false));
    const client = resolveClientForm(raw, ctx, version, inner);
    if (client) return client;
  }
  return outcome;
}

/**
 * Whether a name may mean different tools at different times: favourites do, and a client's
 * cut-and-hashed name may hide one. Re-resolution passes over each favourites version for these.
 */
export function mayDependOnTime(rawName: string, toolHint: string | null): boolean {
  const looksFavourite = (name: string) => name.includes('fav') || /^mcp__.*[0-9a-f]{40}$/.test(name);
  return looksFavourite(rawName) || (toolHint !== null && looksFavourite(toolHint));
}

function resolveForm(raw: string, namespace: Namespace, timestamp: number, ctx: NameContext): NameOutcome {
  switch (namespace) {
    case 'favourite':
      return resolveFavourite(raw.slice(FAVOURITE_PREFIX.length), timestamp, ctx.favourites);
    case 'all': {
      const rest = raw.slice(ALL_PREFIX.length);
      if (!rest.includes('/')) return unresolved(`'${raw}' is not of the form all/<server>/<tool>`);
      return resolveCanonical(rest, ctx.catalog, 'all');
    }
    case 'canonical': {
      const outcome = resolveCanonical(raw, ctx.catalog, 'canonical');
      // A tool whose own name holds `/` (e.g. `dir/list`) reads like server/tool.
      if (outcome.kind === 'unresolved') {
        const bare = resolveBare(raw, ctx.catalog);
        if (bare.kind === 'tool') return bare;
      }
      return outcome;
    }
    case 'typed':
      return resolveTyped(raw, ctx.catalog);
    default:
      return resolveBare(raw, ctx.catalog);
  }
}

function resolveCanonical(name: string, catalog: NameCatalog, namespace: Namespace): NameOutcome {
  const parts = splitCanonical(name);
  if (!parts) return unresolved(`'${name}' is not a valid server/tool name`);
  if (!listsTool(catalog, parts.server, parts.tool)) return unresolved(notListedReason(catalog, parts.server, parts.tool));
  return toolOutcome(name, namespace);
}

function resolveBare(tool: string, catalog: NameCatalog): NameOutcome {
  const servers = catalog.serversByTool.get(tool) ?? [];
  const only = servers.length === 1 ? servers[0] : undefined;
  if (only !== undefined) return toolOutcome(canonical(only, tool), 'bare');
  if (servers.length > 1) {
    return unresolved(`ambiguous tool '${tool}': listed by ${servers.map((s) => canonical(s, tool)).join(', ')}`);
  }
  return unresolved(`unknown tool '${tool}': no catalog server lists it`);
}

/**
 * `{server}__{tool}` with sanitised parts. Server names may hold `_`, so every `__` is a
 * possible split; the one that leaves a known server on the left wins. When several tools
 * share the name after sanitising, it means the one the surface presents under it.
 */
function resolveTyped(raw: string, catalog: NameCatalog): NameOutcome {
  const candidates: { server: string; tool: string }[] = [];
  const knownServers: string[] = [];
  for (let i = raw.indexOf('__', 1); i > 0; i = raw.indexOf('__', i + 1)) {
    const servers = catalog.serversBySanitised.get(raw.slice(0, i));
    if (!servers) continue;
    const toolPartSanitised = raw.slice(i + 2);
    for (const server of servers) {
      knownServers.push(server);
      for (const tool of catalog.toolsBySanitised.get(server)?.get(toolPartSanitised) ?? []) candidates.push({ server, tool });
    }
  }
  if (candidates.length > 0) {
    // Tools sharing a typed name: the surface presents only the keeper, so the name means it.
    const keeper = candidates.length === 1 ? candidates[0] : typedKeeper(inCatalogOrder(candidates, catalog), (c) => c);
    if (keeper) return toolOutcome(canonical(keeper.server, keeper.tool), 'typed');
  }
  const bare = resolveBare(raw, catalog);
  if (bare.kind === 'tool') return bare;
  if (knownServers.length > 0) {
    return unresolved(`typed name '${raw}': no tool of ${[...new Set(knownServers)].join(', ')} sanitises to it`);
  }
  return unresolved(`typed name '${raw}': no catalog server matches its prefix`);
}

function inCatalogOrder<T extends { server: string; tool: string }>(items: T[], catalog: NameCatalog): T[] {
  const position = (item: T) => [...(catalog.tools.get(item.server) ?? [])].indexOf(item.tool);
  return items
    .map((item) => ({ item, server: catalog.serverOrder.get(item.server) ?? 0, tool: position(item) }))
    .sort((a, b) => a.server - b.server || a.tool - b.tool)
    .map((x) => x.item);
}

function resolveFavourite(rest: string, timestamp: number, favourites: FavouritesTimeline): NameOutcome {
  const inForce = favourites.at(timestamp);
  if (!inForce) return unresolved(`'favourite/${rest}': the project has no favourites history`);
  if (inForce.tools.includes(rest)) return toolOutcome(rest, 'favourite');
  const matches = inForce.tools.filter((f) => toolPart(f) === rest);
  const only = matches.length === 1 ? matches[0] : undefined;
  if (only !== undefined) return toolOutcome(only, 'favourite');
  if (matches.length > 1) {
    return unresolved(`ambiguous 'favourite/${rest}': favourites version ${inForce.version} has ${matches.join(', ')}`);
  }
  return unresolved(`'favourite/${rest}' was not a favourite in favourites version ${inForce.version}, in force at that time`);
}

function resolveInvoke(call: PresentedCall, ctx: NameContext): Resolution {
  const { server, tool } = invokeTarget(call);
  if (!tool) return finish(unresolved(`${INVOKE_TOOL} call without a tool argument`), 'invoke', server, null);
  if (server) {
    if (!isServerName(server)) return finish(unresolved(`${INVOKE_TOOL} names an invalid server '${server}'`), 'invoke', server, tool);
    const toolName = tool.startsWith(`${server}/`) && !listsTool(ctx.catalog, server, tool) ? tool.slice(server.length + 1) : tool;
    const outcome = listsTool(ctx.catalog, server, toolName)
      ? toolOutcome(canonical(server, toolName), 'invoke')
      : unresolved(notListedReason(ctx.catalog, server, toolName));
    return finish(outcome, 'invoke', server, tool);
  }
  const outcome = resolveWithoutServer(tool, presentedNamespace(tool), call.timestamp, ctx);
  if (outcome.kind === 'meta') return finish(unresolved(`${INVOKE_TOOL} names the meta tool '${tool}'`), 'invoke', null, tool);
  // Whatever form the tool argument took, the call went through the invoke meta-tool.
  return finish(outcome.kind === 'tool' ? toolOutcome(outcome.canonical, 'invoke') : outcome, 'invoke', null, tool);
}
