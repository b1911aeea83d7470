import { createHash, randomUUID } from 'node:crypto';
import { type ArgumentProblem, FAILURE_CLASSES, type FailureClass, isArgumentClass, MAX_PROBLEM_PATH, MAX_PROBLEMS_PER_CALL } from '@/lib/arguments/classes';
import { failureClassesOf } from '@/lib/arguments/classify';
import { TRACE_FIELD_LIMITS as L } from '@/lib/limits';
import { isServerName, splitCanonical } from '@/lib/names/canonical';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { isObject, isRecord } from '@/lib/records';

/** What a call's trace says besides timing: how it ended, and what it named. */
export interface CallOutcome {
  tool: string;
  server?: string;
  /** `server/tool`, the tool's own name on its server, for a call routed to an upstream tool (never for meta calls or unknown names). */
  canonical?: string;
  /** For mcp_invoke_tool: the server and tool it named (never the tool's own arguments). */
  arguments?: { server: string; tool: string };
  /** For a router call (§routers): the router called (the call's `tool` too) and the op it named, as sent. */
  router?: string;
  op?: string;
  /**
   * `denied`: the tool policy refused the call (errorCode policy_denied or policy_missing); the server never saw it.
   * `unknown`: the call went to its server and the proxy stopped before it ended (startedTrace).
   */
  status: 'ok' | 'error' | 'cancelled' | 'denied' | 'unknown';
  errorCode?: string;
  /** The name resolved to no tool, or mcp_invoke_tool named no server of this proxy. */
  invented?: 'tool' | 'server';
  /** What the argument check found ([] for a call that passed it); undefined when it did not run. */
  problems?: ArgumentProblem[];
}

export interface TraceContext {
  sessionId: string;
  client: string | null;
  /** The MCP revision of the session or request (2025-11-25, 2026-07-28). */
  protocol: string | null;
  mode: SurfaceMode;
  surfaceRevision: number | null;
}

/** The name a trace gives a call whose client sent none (ingest needs a tool). */
export const NO_TOOL_NAME = '(no name)';

/** A trace begun: the fields known when its call arrives, within ingest's limits. */
export type TraceHead = Record<string, unknown> & { id: string };

/**
 * One tool_call_trace (§events) begins with what is known before the server answers: a fresh id
 * (so a batch sent again after a failure counts once), the time, the presented name and the
 * session, with `mode` and `surfaceRevision` saying what the model was shown when it made the
 * call. The proxy makes it while the server works, so the answer waits only for finishTrace
 * (#26). Every text is cut to what ingest takes, so favindex never refuses a trace the proxy made.
 */
export function startTrace(tool: string, context: TraceContext, startedAt: number): TraceHead {
  // Fields set one by one in a fixed order, not spread from conditional objects: every head then
  // has the same few shapes, which keeps the per-call work (and the JSON of it) cheap.
  const head: TraceHead = { id: randomUUID(), type: 'tool_call_trace', timestamp: new Date(startedAt).toISOString(), tool, sessionId: context.sessionId };
  if (context.client) head.client = context.client;
  if (context.protocol) head.protocolVersion = context.protocol;
  head.mode = context.mode;
  if (context.surfaceRevision !== null) head.surfaceRevision = context.surfaceRevision;
  boundHead(head);
  return head;
}

/** The trace of a call that has ended: its head with how it ended and what it named. The head is changed and returned. */
export function finishTrace(head: TraceHead, outcome: CallOutcome, durationMs: number): Record<string, unknown> {
  return withOutcome(head, outcome, Math.round(durationMs * 1000) / 1000);
}

/**
 * The trace of a call as it goes to its server: how it is known so far, `status: unknown` and no
 * duration. The spool keeps it until the call's own trace (of the same id) replaces it, and sends
 * it only if the proxy dies first (§events, a call under way). The head is copied, not changed.
 */
export function startedTrace(head: TraceHead, outcome: CallOutcome): Record<string, unknown> {
  return withOutcome({ ...head }, { ...outcome, status: 'unknown' });
}

/** `event` with the outcome's fields, and a duration when the call has ended, bounded. */
function withOutcome(event: TraceHead, outcome: CallOutcome, durationMs?: number): Record<string, unknown> {
  if (outcome.server) event.server = outcome.server;
  if (outcome.canonical) event.canonical = outcome.canonical;
  if (outcome.arguments) event.arguments = outcome.arguments;
  if (outcome.router) {
    event.router = outcome.router;
    event.op = outcome.op ?? '';
  }
  event.status = outcome.status;
  if (outcome.errorCode) event.errorCode = outcome.errorCode;
  event.failureClasses = failureClassesOf({
    inventedTool: outcome.invented === 'tool',
    inventedServer: outcome.invented === 'server',
    unknownOp: outcome.errorCode === 'unknown_op',
    problems: outcome.problems,
    status: outcome.status,
  });
  if (outcome.problems) event.argumentProblems = outcome.problems;
  // Set, not set and deleted: a deleted key makes the object a slow dictionary for everything after.
  if (durationMs !== undefined) event.durationMs = durationMs;
  return boundOutcome(event);
}

/**
 * A trace with every text within ingest's limits (§events), changed in place and returned. Also
 * applied to what the sender reads from the spool, which a proxy of an older version may have
 * written without limits. Fields it does not know are left as they are.
 */
export function boundTrace(event: Record<string, unknown>): Record<string, unknown> {
  return boundOutcome(boundHead(event));
}

function boundText(event: Record<string, unknown>, key: string, max: number): void {
  if (typeof event[key] === 'string') event[key] = fitText(event[key], max);
}

/** The fields startTrace sets, bounded. */
function boundHead(event: Record<string, unknown>): Record<string, unknown> {
  event.tool = typeof event.tool === 'string' && event.tool ? fitText(event.tool, L.tool) : NO_TOOL_NAME;
  boundText(event, 'id', L.id);
  for (const key of ['sessionId', 'client', 'model']) boundText(event, key, L.text);
  return event;
}

/** The fields finishTrace sets, bounded. */
function boundOutcome(event: Record<string, unknown>): Record<string, unknown> {
  boundText(event, 'errorCode', L.errorCode);
  // A router's name is short (§routers); the op a model made up may be anything.
  boundText(event, 'router', L.tool);
  boundText(event, 'op', L.tool);
  // A name no server can have (an mcp_invoke_tool of a made-up server) stays in `arguments` only.
  if (typeof event.server === 'string' && !isServerName(event.server)) delete event.server;
  if (typeof event.canonical === 'string') {
    const parts = splitCanonical(event.canonical);
    if (!parts) delete event.canonical;
    else if (event.canonical.length > L.canonical) event.canonical = `${parts.server}/${fitText(parts.tool, L.canonical - parts.server.length - 1)}`;
  }
  const args = event.arguments;
  if (isObject(args)) {
    // Only the invoke target is read from `arguments`; it is cut as a tool name is.
    const target = args;
    for (const key of ['server', 'tool']) if (typeof target[key] === 'string') target[key] = fitText(target[key], L.tool);
  }
  if (typeof event.durationMs === 'number') event.durationMs = Math.min(Math.max(event.durationMs, 0), L.durationMs);
  boundClasses(event);
  return event;
}

const MAX_KEYWORD = 64;

/**
 * failureClasses and argumentProblems (§arguments) as ingest takes them: known classes each once,
 * at most MAX_PROBLEMS_PER_CALL problems with their paths cut, and never `expected` (what the
 * schema wants can be read from the catalog; a trace carries as little as it can).
 */
function boundClasses(event: Record<string, unknown>): void {
  if ('failureClasses' in event) {
    const classes = Array.isArray(event.failureClasses) ? event.failureClasses : [];
    const known = FAILURE_CLASSES.filter((c: FailureClass) => classes.includes(c));
    if (known.length > 0) event.failureClasses = known;
    else delete event.failureClasses;
  }
  if (!('argumentProblems' in event)) return;
  if (!Array.isArray(event.argumentProblems)) {
    delete event.argumentProblems;
    return;
  }
  event.argumentProblems = event.argumentProblems
    .flatMap((raw: unknown): ArgumentProblem[] => {
      if (!isRecord(raw)) return [];
      const p = raw;
      if (typeof p.path !== 'string' || typeof p.class !== 'string' || !isArgumentClass(p.class)) return [];
      return [
        {
          path: fitText(p.path, MAX_PROBLEM_PATH),
          class: p.class,
          keyword: typeof p.keyword === 'string' ? fitText(p.keyword, MAX_KEYWORD) : 'unknown',
          ...(typeof p.suggestion === 'string' ? { suggestion: fitText(p.suggestion, MAX_PROBLEM_PATH) } : {}),
          blocking: p.blocking === true,
        },
      ];
    })
    .slice(0, MAX_PROBLEMS_PER_CALL);
}

const HASH_CHARS = 12;

/**
 * A text that can be stored, at most `max` UTF-16 code units. U+0000 and unpaired surrogates
 * (which no database text holds) become U+FFFD. A longer text is cut, keeping its start, and
 * ends in `…#` and 12 hex digits of the SHA-256 of the whole text: names stay recognisable,
 * two long names that share their start stay two names in usage, and the same name is always
 * cut the same way, so its calls still count together.
 */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return storable(text);
  // The hash is of the text as sent (its UTF-8); only the part kept is made storable.
  const suffix = `…#${createHash('sha256').update(text).digest('hex').slice(0, HASH_CHARS)}`;
  let end = Math.max(0, max - suffix.length);
  // Never cut between the two halves of a surrogate pair: the half left would be unstorable.
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return storable(text.slice(0, end)) + suffix;
}

/** What storable replaces: U+0000 and surrogates (paired ones are kept, so only texts with any are searched). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what the databases refuse
const MAYBE_UNSTORABLE = /[\u0000\uD800-\uDFFF]/;

function storable(text: string): string {
  // Almost every text has none: one scan, where the replacement's lookbehind costs more on each.
  if (!MAYBE_UNSTORABLE.test(text)) return text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what the databases refuse
  return text.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
