import { resolveCall, type NameContext } from '@/lib/names/resolve';
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
  reason: string | null;
  sessionId: string | null;
  status: string;
  errorCode: string | null;
  durationMs: number | null;
  model: string | null;
  client: string | null;
}

export function toEventRow(event: ValidatedEvent, ctx: NameContext): EventRow {
  const resolution = resolveCall({ tool: event.tool, server: event.server, arguments: event.arguments, timestamp: event.at }, ctx);
  return {
    eventId: event.id,
    ts: new Date(event.at).toISOString(),
    rawName: event.tool,
    namespace: resolution.namespace,
    kind: resolution.kind,
    tool: resolution.kind === 'tool' ? resolution.canonical : event.tool,
    serverHint: resolution.serverHint,
    toolHint: resolution.toolHint,
    reason: resolution.kind === 'unresolved' ? resolution.reason : null,
    sessionId: event.sessionId ?? null,
    status: event.status,
    errorCode: event.errorCode ?? null,
    durationMs: event.durationMs == null ? null : Math.round(event.durationMs),
    model: event.model ?? null,
    client: event.client ?? null,
  };
}
