import type { RevisionTimeline } from '@/lib/impact/revisions';
import { resolveCall, type NameContext, type Resolution } from '@/lib/names/resolve';
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
  /** The surface revision and mode it was made under (§impact). */
  surfaceRevision: number;
  mode: string;
  /** An mcp_invoke_tool call naming a server or tool the catalog does not have. */
  offCatalog: boolean;
}

export function toEventRow(event: ValidatedEvent, ctx: NameContext, revisions: RevisionTimeline): EventRow {
  const call = { tool: event.tool, server: event.server, canonical: event.canonical, arguments: event.arguments, timestamp: event.at };
  const resolution = resolveCall(call, ctx);
  const surface = revisions.resolve(event);
  return {
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
    surfaceRevision: surface.revision,
    mode: surface.mode,
    offCatalog: isOffCatalog(resolution, ctx),
  };
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
