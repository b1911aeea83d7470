import type { ArgumentProblem, FailureClass } from '@/lib/arguments/classes';
import { failureClassesOf } from '@/lib/arguments/classify';
import type { RevisionTimeline } from '@/lib/impact/revisions';
import { INVOKE_TOOL, invokeTarget } from '@/lib/names/invoke';
import { splitCanonical } from '@/lib/names/canonical';
import { listsTool, notListedReason } from '@/lib/names/name-catalog';
import type { NameContext, Resolution } from '@/lib/names/resolution';
import { resolveCall } from '@/lib/names/resolve';
import type { ValidatedEvent } from './validate-event';

/** An event as stored: the presented name with what it resolved to (§names). */
export interface EventRow {
  eventId: string;
  ts: string;
  rawName: string;
  namespace: string;
  kind: 'tool' | 'meta' | 'unresolved';
  tool: string;
  serverHint: string | null;
  toolHint: string | null;
  /** The `server/tool` the proxy routed the call to, as it said. */
  canonicalHint: string | null;
  reason: string | null;
  sessionId: string | null;
  status: string;
  errorCode: string | null;
  durationMs: number | null;
  model: string | null;
  client: string | null;
  /** The name of the project token that sent it (§policy identities), not a claim of the event's own. */
  token: string | null;
  /** The surface revision and mode it was made under (§impact). */
  surfaceRevision: number;
  mode: string;
  /** The MCP revision the call came over, as the proxy said (§events). */
  protocolVersion: string | null;
  /** An mcp_invoke_tool call naming a server or tool the catalog does not have. */
  offCatalog: boolean;
  /** Why the call failed, at least one class (§arguments). */
  failureClasses: FailureClass[];
  /** What the argument check found, without `expected`; null when the arguments were not checked. */
  argumentProblems: StoredProblem[] | null;
}

export type StoredProblem = Omit<ArgumentProblem, 'expected'>;

/** A call whose arguments ingest should check itself: it resolved to a catalog tool and came with them. */
export interface ArgumentsToCheck {
  server: string;
  tool: string;
  /** Epoch milliseconds: the catalog version in force then holds the schema. */
  at: number;
  args: unknown;
}

/** How a call went, besides its arguments: what failureClassesOf needs of the name and the status. */
interface NameFacts {
  inventedTool: boolean;
  inventedServer: boolean;
  unknownOp: boolean;
  status: string;
}

/**
 * The row, and the arguments ingest still has to check: an event from favindex proxy brings its
 * problems (kept as they are); one from another proxy may bring the call's `arguments` instead,
 * which are checked against the tool's schema and then dropped. The row's classes are final
 * unless there is something to check; then `withProblems` sets them.
 */
export function toEventRow(
  event: ValidatedEvent,
  ctx: NameContext,
  revisions: RevisionTimeline,
  token: string | null = null,
): { row: EventRow; toCheck: ArgumentsToCheck | null } {
  const call = { tool: event.tool, server: event.server, canonical: event.canonical, arguments: event.arguments, timestamp: event.at };
  const resolution = event.router ? resolveRouterCall(event, ctx) : resolveCall(call, ctx);
  const surface = revisions.resolve(event);
  const facts = nameFacts(event, resolution, ctx);
  const problems = event.argumentProblems ?? null;
  const row: EventRow = {
    eventId: event.id,
    ts: new Date(event.at).toISOString(),
    rawName: event.tool,
    namespace: resolution.namespace,
    kind: resolution.kind,
    tool: resolution.kind === 'tool' ? resolution.canonical : event.tool,
    serverHint: resolution.serverHint,
    toolHint: resolution.toolHint,
    canonicalHint: event.canonical ?? null,
    reason: resolution.kind === 'unresolved' ? resolution.reason : null,
    sessionId: event.sessionId ?? null,
    status: event.status,
    errorCode: event.errorCode ?? null,
    durationMs: event.durationMs == null ? null : Math.round(event.durationMs),
    model: event.model ?? null,
    client: event.client ?? null,
    token,
    surfaceRevision: surface.revision,
    mode: surface.mode,
    protocolVersion: event.protocolVersion ?? null,
    offCatalog: isOffCatalog(resolution, ctx),
    failureClasses: failureClassesOf({ ...facts, problems: problems ?? undefined }),
    argumentProblems: problems,
  };
  const toCheck = problems === null && resolution.kind === 'tool' && !facts.inventedServer ? argumentsToCheck(event, resolution.canonical) : null;
  return { row, toCheck };
}

/** Set what ingest's own check found (undefined: the schema could not be checked) and the classes that follow. */
export function withProblems(row: EventRow, problems: StoredProblem[] | undefined): void {
  if (problems === undefined) return;
  row.argumentProblems = problems;
  row.failureClasses = failureClassesOf({ inventedTool: false, inventedServer: false, problems, status: row.status });
}

/**
 * A router call (§routers) is its op's tool, as the proxy routed it: it counts under that
 * `server/tool` in usage, favourites and impact, in the `router` namespace, its op kept as the
 * tool hint. One that reached no tool (`list_ops`, which the proxy answers, or an op the router
 * does not have) is a meta call: the router stands for no one tool, and its name is never read
 * as a tool's, whatever tool shares it.
 */
function resolveRouterCall(event: ValidatedEvent, ctx: NameContext): Resolution {
  const toolHint = event.op ?? null;
  const serverHint = event.server ?? null;
  const routed = event.canonical ? splitCanonical(event.canonical) : null;
  if (!event.canonical || !routed) return { kind: 'meta', namespace: 'meta', serverHint, toolHint: null };
  if (listsTool(ctx.catalog, routed.server, routed.tool)) return { kind: 'tool', namespace: 'router', canonical: event.canonical, serverHint, toolHint };
  const reason = `routed to ${event.canonical}, but ${notListedReason(ctx.catalog, routed.server, routed.tool)}`;
  return { kind: 'unresolved', namespace: 'router', reason, serverHint, toolHint };
}

/**
 * An invented tool is a name that resolved to nothing; an invented server, an mcp_invoke_tool
 * naming a server the catalog lacks. The proxy's error code says so too when it knew better
 * (it refused the call as unknown), and is believed.
 */
function nameFacts(event: ValidatedEvent, resolution: Resolution, ctx: NameContext): NameFacts {
  const code = event.errorCode?.toLowerCase();
  if (event.router) return { inventedTool: false, inventedServer: false, unknownOp: code === 'unknown_op', status: event.status };
  const invokedServer = resolution.namespace === 'invoke' ? invokeTarget({ arguments: event.arguments, server: event.server }).server : null;
  const inventedServer = code === 'unknown_server' || (invokedServer !== null && !ctx.catalog.tools.has(invokedServer));
  const inventedTool = !inventedServer && (resolution.kind === 'unresolved' || code === 'unknown_tool');
  return { inventedTool, inventedServer, unknownOp: false, status: event.status };
}

/** For mcp_invoke_tool and routers the tool's arguments are the call's `arguments.arguments`; checked only when sent. */
function argumentsToCheck(event: ValidatedEvent, canonical: string): ArgumentsToCheck | null {
  if (event.arguments === undefined) return null;
  let args: unknown = event.arguments;
  if (event.tool === INVOKE_TOOL || event.router) {
    if (typeof args !== 'object' || args === null || !('arguments' in args)) return null;
    // Sound: checked on the line above to be an object that has arguments.
    args = (args as { arguments: unknown }).arguments;
  }
  const slash = canonical.indexOf('/');
  return { server: canonical.slice(0, slash), tool: canonical.slice(slash + 1), at: event.at, args };
}

/**
 * An invoke call that named a tool (and maybe a server) the catalog lacks: a model asking for
 * a name it could not have been shown. An invoke naming its server resolves whatever the
 * server, so the catalog is asked here.
 */
function isOffCatalog(resolution: Resolution, ctx: NameContext): boolean {
  if (resolution.namespace !== 'invoke' || !resolution.toolHint) return false;
  if (resolution.kind !== 'tool') return true;
  const slash = resolution.canonical.indexOf('/');
  return !ctx.catalog.tools.get(resolution.canonical.slice(0, slash))?.has(resolution.canonical.slice(slash + 1));
}
