import { resolveBare } from './bare';
import { canonical, resolveCanonical, splitCanonical } from './canonical';
import { type ClientReading, clientReading, type InsideOutcome, rememberClientForm, settleClientReading, settledClientForm } from './client-forms';
import { INVOKE_TOOL, invokeTarget, resolveInvokeUnderServer } from './invoke';
import { listsTool, type NameCatalog, notListedReason } from './name-catalog';
import { type NameContext, type NameOutcome, type Namespace, type PresentedCall, type Resolution, toolOutcome, unresolved } from './resolution';
import { isSafeForm, resolveSafe, safeNamespace } from './safe';
import { resolveSlashAll, resolveSlashFavourite, SLASH_ALL_PREFIX, SLASH_FAVOURITE_PREFIX, withoutSlashPrefix } from './slash';
import { resolveTyped, typedToolUnderServer } from './typed';

/**
 * Names back to tools (§names): which scheme a name may be of, in which order the schemes are
 * tried, and what the event's hints (its server, the tool the proxy routed to) change. Each
 * scheme's file reads its own form only; the fallbacks from one scheme to another are here.
 */

/** The form a name looks like before it is read: what an unresolved call counts as. */
type PresentedNamespace = Exclude<Namespace, 'invoke' | 'meta' | 'router'>;

const META: NameOutcome = { kind: 'meta' };
/** A Codex name cut to 64 characters ends in the SHA-1 of what it was cut from. */
const CUT_AND_HASHED = /^mcp__.*[0-9a-f]{40}$/;

/** Turn one presented name back into its canonical `server/tool` (§names). */
export function resolveCall(call: PresentedCall, ctx: NameContext): Resolution {
  const raw = call.tool;
  const givenServer = call.server ? call.server : null;
  if (raw !== INVOKE_TOOL && ctx.metaTools.has(raw)) return { kind: 'meta', namespace: 'meta', serverHint: givenServer, toolHint: null };
  const resolution = raw === INVOKE_TOOL ? resolveInvoke(call, ctx) : resolvePresented(raw, givenServer, call.timestamp, ctx);
  return call.canonical ? preferRouted(resolution, raw, call.canonical, ctx) : resolution;
}

/**
 * Whether a name may mean different tools at different times: favourites do, and a client's
 * cut-and-hashed name may hide one. Re-resolution passes over each favourites version for these.
 */
export function mayDependOnTime(rawName: string, toolHint: string | null): boolean {
  return looksFavourite(rawName) || (toolHint !== null && looksFavourite(toolHint));
}

function looksFavourite(name: string): boolean {
  return name.includes('fav') || CUT_AND_HASHED.test(name);
}

function presentedNamespace(raw: string): PresentedNamespace {
  if (raw.startsWith(SLASH_FAVOURITE_PREFIX)) return 'favourite';
  if (raw.startsWith(SLASH_ALL_PREFIX)) return 'all';
  if (raw.includes('/')) return 'canonical';
  if (raw.includes('__')) return 'typed';
  return 'bare';
}

function resolvePresented(raw: string, givenServer: string | null, timestamp: number, ctx: NameContext): Resolution {
  const namespace = presentedNamespace(raw);
  const outcome = givenServer ? readUnderServer(raw, namespace, givenServer, timestamp, ctx) : readName(raw, namespace, timestamp, ctx);
  return withHints(outcome, namespace, givenServer, null);
}

function resolveInvoke(call: PresentedCall, ctx: NameContext): Resolution {
  const { server, tool } = invokeTarget(call);
  if (!tool) return withHints(unresolved(`${INVOKE_TOOL} call without a tool argument`), 'invoke', server, null);
  if (server) return withHints(resolveInvokeUnderServer(server, tool, ctx.catalog), 'invoke', server, tool);
  const outcome = readName(tool, presentedNamespace(tool), call.timestamp, ctx);
  if (outcome.kind === 'meta') return withHints(unresolved(`${INVOKE_TOOL} names the meta tool '${tool}'`), 'invoke', null, tool);
  // Whatever form the tool argument took, the call went through the invoke meta-tool.
  return withHints(outcome.kind === 'tool' ? toolOutcome(outcome.canonical, 'invoke') : outcome, 'invoke', null, tool);
}

/** An unresolved call counts in the namespace its name looked like; a tool in the one that named it. */
function withHints(outcome: NameOutcome, namespace: Namespace, serverHint: string | null, toolHint: string | null): Resolution {
  if (outcome.kind === 'meta') return { kind: 'meta', namespace: 'meta', serverHint, toolHint: null };
  if (outcome.kind === 'tool') return { kind: 'tool', namespace: outcome.namespace, canonical: outcome.canonical, serverHint, toolHint };
  return { kind: 'unresolved', namespace, reason: outcome.reason, serverHint, toolHint };
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

/**
 * The event named its server: that server wins, unless the name is another form of one of its
 * own tools; and only a tool the server lists counts, never one made up from the name.
 */
function readUnderServer(raw: string, namespace: PresentedNamespace, server: string, timestamp: number, ctx: NameContext): NameOutcome {
  const tool = toolUnderServer(raw, namespace, server, ctx.catalog);
  if (listsTool(ctx.catalog, server, tool)) return toolOutcome(canonical(server, tool), namespace);
  const other = readName(raw, namespace, timestamp, ctx);
  if (other.kind === 'tool' && splitCanonical(other.canonical)?.server === server) return other;
  return unresolved(notListedReason(ctx.catalog, server, tool));
}

/** The event named its server: that server wins; the name only tells us the tool (§names). */
function toolUnderServer(raw: string, namespace: PresentedNamespace, server: string, catalog: NameCatalog): string {
  if (listsTool(catalog, server, raw)) return raw;
  const rest = withoutSlashPrefix(raw);
  if (listsTool(catalog, server, rest)) return rest;
  if (rest.startsWith(`${server}/`)) return rest.slice(server.length + 1);
  return namespace === 'typed' ? typedToolUnderServer(raw, server, catalog) : rest;
}

/** A name as favindex or another proxy presented it, else as a client made it from one. */
function readName(raw: string, namespace: PresentedNamespace, timestamp: number, ctx: NameContext): NameOutcome {
  const presented = readAsPresented(raw, namespace, timestamp, ctx);
  if (presented.kind !== 'unresolved') return presented;
  return readClientForm(raw, timestamp, ctx) ?? presented;
}

function readAsPresented(raw: string, namespace: PresentedNamespace, timestamp: number, ctx: NameContext): NameOutcome {
  // `fav_…` and `all_…` are the safe scheme's first; a tool or typed name may still start so.
  const safe = isSafeForm(raw) ? resolveSafe(raw, timestamp, ctx) : null;
  if (safe?.kind === 'tool') return safe;
  const outcome = readForm(raw, namespace, timestamp, ctx);
  if (outcome.kind !== 'unresolved') return outcome;
  // A server may itself be called `all` or `favourite`: then `all/x` can be that server's tool.
  if (namespace === 'all' || namespace === 'favourite') {
    const parts = splitCanonical(raw);
    if (parts && ctx.catalog.tools.get(parts.server)?.has(parts.tool)) return toolOutcome(raw, 'canonical');
  }
  return safe ?? outcome;
}

function readForm(raw: string, namespace: PresentedNamespace, timestamp: number, ctx: NameContext): NameOutcome {
  switch (namespace) {
    case 'favourite':
      return resolveSlashFavourite(raw, timestamp, ctx.favourites);
    case 'all':
      return resolveSlashAll(raw, ctx.catalog);
    case 'canonical':
      // A tool whose own name holds `/` (e.g. `dir/list`) reads like server/tool.
      return orBare(resolveCanonical(raw, ctx.catalog), raw, ctx.catalog);
    case 'typed':
      return orBare(resolveTyped(raw, ctx.catalog), raw, ctx.catalog);
    case 'bare':
      return resolveBare(raw, ctx.catalog);
  }
}

/** A name no scheme of its look could read may still be a bare tool's own name; else the first reason stands. */
function orBare(outcome: NameOutcome, raw: string, catalog: NameCatalog): NameOutcome {
  if (outcome.kind !== 'unresolved') return outcome;
  const bare = resolveBare(raw, catalog);
  return bare.kind === 'tool' ? bare : outcome;
}

/** A name a client made from one favindex presented: what each name it may have been reads as, together. */
function readClientForm(raw: string, timestamp: number, ctx: NameContext): NameOutcome | null {
  const version = ctx.favourites.at(timestamp)?.version ?? 0;
  const settled = settledClientForm(ctx, version, raw);
  if (settled !== undefined) return settled;
  const reading = clientReading(raw, ctx);
  const outcome = reading ? settleClientReading(reading, readInsides(reading, timestamp, ctx), ctx.catalog) : null;
  rememberClientForm(ctx, version, raw, outcome);
  return outcome;
}

/** Each name inside a client's form, as favindex presented it: the call counts in its namespace (favourite, all …). */
function readInsides(reading: ClientReading, timestamp: number, ctx: NameContext): InsideOutcome[] {
  return reading.inside.map(({ name, stripped }) => ({
    stripped,
    outcome: ctx.metaTools.has(name) ? META : readAsPresented(name, presentedNamespace(name), timestamp, ctx),
  }));
}
