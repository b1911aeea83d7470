import { FAILURE_CLASSES } from '@/lib/arguments/classes';
import { TRACE_FIELD_LIMITS as L } from '@/lib/limits';
import { isCanonicalName, SERVER_NAME_RE } from '@/lib/names/canonical';
import { RFC3339, toolCallTraceSchema, type ToolCallTrace } from '@/lib/schemas/events';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { isObject } from '@/lib/records';

/*
 * A shortcut past zod for the common event (#26: its parse and the objects it makes were the
 * largest part of ingest's own CPU after the database): the plain checks of
 * toolCallTraceSchema, field by field, building the same object zod builds (the schema's keys
 * in the schema's order, those the event has, `status` defaulted, a numeric errorCode as text).
 * Whatever it is not sure of (a list of argument problems, or any value the schema would
 * refuse) it leaves to zod, which also words the errors.
 * lib/events/fast-trace.test.ts holds it equal to zod on valid and invalid events alike.
 */

const NO = Symbol('not sure');
type Check = (value: unknown) => unknown;

const modes: ReadonlySet<unknown> = new Set(SURFACE_MODES);
const failureClasses: ReadonlySet<unknown> = new Set(FAILURE_CLASSES);
const STATUS = /^[a-z][a-z_]{0,31}$/;
const PROTOCOL = /^\d{4}-\d{2}-\d{2}$/;

const text =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max ? v : NO;
const nullish =
  (check: Check): Check =>
  (v) =>
    v === null || v === undefined ? v : check(v);
const matching =
  (re: RegExp): Check =>
  (v) =>
    typeof v === 'string' && re.test(v) ? v : NO;

const CHECKS: Record<keyof ToolCallTrace, Check> = {
  id: text(1, L.id),
  type: (v) => (v === undefined || v === 'tool_call_trace' ? v : NO),
  timestamp: (v) => (typeof v === 'string' && RFC3339.test(v) && !Number.isNaN(Date.parse(v)) ? v : NO),
  tool: text(1, L.tool),
  server: nullish(matching(SERVER_NAME_RE)),
  canonical: nullish((v) => (typeof v === 'string' && v.length <= L.canonical && isCanonicalName(v) ? v : NO)),
  arguments: (v) => v,
  // An empty list is what a proxy's check sends for a call that passed it (every call of a
  // proxy that checks); a list of problems is zod's.
  argumentProblems: (v) => (v === undefined ? v : Array.isArray(v) && v.length === 0 ? [] : NO),
  failureClasses: (v) => (v === undefined ? v : Array.isArray(v) && v.length <= FAILURE_CLASSES.length && v.every((c) => failureClasses.has(c)) ? [...v] : NO),
  sessionId: nullish(text(0, L.text)),
  status: (v) => (v === undefined ? 'ok' : typeof v === 'string' && STATUS.test(v) ? v : NO),
  errorCode: nullish((v) => (typeof v === 'string' ? (v.length <= L.errorCode ? v : NO) : typeof v === 'number' && Number.isFinite(v) ? String(v) : NO)),
  durationMs: nullish((v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= L.durationMs ? v : NO)),
  model: nullish(text(0, L.text)),
  client: nullish(text(0, L.text)),
  mode: nullish((v) => (modes.has(v) ? v : NO)),
  surfaceRevision: nullish((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2_147_483_647 ? v : NO)),
  protocolVersion: nullish(matching(PROTOCOL)),
};

/** The schema's keys in its order; the shortcut is off should the schema gain one it does not check. */
// Sound: ToolCallTrace is inferred from this schema, so its keys are the shape's.
const KEYS = Object.keys(toolCallTraceSchema.shape) as (keyof ToolCallTrace)[];
const ENABLED = KEYS.every((k) => k in CHECKS);

/** `status` is added when absent, as zod's default does; every other key only when the event has it. */
const DEFAULTED: ReadonlySet<string> = new Set(['status']);

/** The event as toolCallTraceSchema would parse it, or undefined: then ask zod. */
export function fastParseTrace(value: unknown): ToolCallTrace | undefined {
  if (!ENABLED || !isObject(value)) return undefined;
  const input = value;
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const present = key in input;
    // An absent key is checked as undefined too: a required one fails.
    const parsed = CHECKS[key](present ? input[key] : undefined);
    if (parsed === NO) return undefined;
    if (present || DEFAULTED.has(key)) out[key] = parsed;
  }
  // Sound: every key was checked above as the schema would; a case it does not know returned undefined, for zod to decide.
  return out as ToolCallTrace;
}
