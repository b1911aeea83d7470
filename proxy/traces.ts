import { randomUUID } from 'node:crypto';
import type { SurfaceMode } from '@/lib/schemas/surface-config';

/** What a call's trace says besides timing: how it ended, and what it named. */
export interface CallOutcome {
  tool: string;
  server?: string;
  /** `server/tool`, the tool's own name on its server, for a call routed to an upstream tool (never for meta calls or unknown names). */
  canonical?: string;
  /** For mcp_invoke_tool: the server and tool it named (never the tool's own arguments). */
  arguments?: { server: string; tool: string };
  status: 'ok' | 'error' | 'cancelled';
  errorCode?: string;
}

export interface TraceContext {
  sessionId: string;
  client: string | null;
  mode: SurfaceMode;
  surfaceRevision: number | null;
}

/**
 * One tool_call_trace (§events): a fresh id, so a batch sent again after a failure counts once;
 * `mode` and `surfaceRevision` say what the model was shown when it made the call.
 */
export function traceEvent(outcome: CallOutcome, context: TraceContext, startedAt: number, durationMs: number): Record<string, unknown> {
  return {
    id: randomUUID(),
    type: 'tool_call_trace',
    timestamp: new Date(startedAt).toISOString(),
    tool: outcome.tool,
    ...(outcome.server ? { server: outcome.server } : {}),
    ...(outcome.canonical ? { canonical: outcome.canonical } : {}),
    ...(outcome.arguments ? { arguments: outcome.arguments } : {}),
    status: outcome.status,
    ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
    durationMs: Math.round(durationMs * 1000) / 1000,
    sessionId: context.sessionId,
    ...(context.client ? { client: context.client } : {}),
    mode: context.mode,
    ...(context.surfaceRevision !== null ? { surfaceRevision: context.surfaceRevision } : {}),
  };
}
