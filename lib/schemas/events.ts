import { z } from 'zod';
import { isCanonicalName, SERVER_NAME_RE } from '@/lib/names/canonical';
import { TRACE_FIELD_LIMITS as L } from '@/lib/limits';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { ARGUMENT_CLASSES, FAILURE_CLASSES, MAX_PROBLEM_PATH, MAX_PROBLEMS_PER_CALL } from '@/lib/arguments/classes';

// RFC 3339 date-time: a full date, a time, and an explicit offset.
export const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

const optionalText = (max: number) => z.string().max(max).nullish();

/** The longest schema keyword a problem may name (JSON Schema's are short words). */
const MAX_PROBLEM_KEYWORD = 64;

/**
 * One problem the sending proxy found in the call's arguments (§arguments): where and what, never
 * the value. `expected` is the schema's wording, for the model's answer; it is dropped here.
 */
const argumentProblemSchema = z.object({
  path: z
    .string({ error: 'path must be a JSON path such as $.startDate' })
    .regex(/^\$/, 'path must be a JSON path starting with $, such as $.startDate')
    .max(MAX_PROBLEM_PATH, `path is at most ${MAX_PROBLEM_PATH} characters`),
  class: z.enum(ARGUMENT_CLASSES, { error: `class must be one of ${ARGUMENT_CLASSES.join(', ')}` }),
  keyword: z
    .string({ error: 'keyword must be the JSON Schema keyword the arguments broke, such as required' })
    .min(1, 'keyword must not be empty')
    .max(MAX_PROBLEM_KEYWORD, `keyword is at most ${MAX_PROBLEM_KEYWORD} characters`),
  suggestion: z.string().max(MAX_PROBLEM_PATH, `suggestion is at most ${MAX_PROBLEM_PATH} characters`).optional(),
  blocking: z.boolean({ error: 'blocking must be true or false' }),
});

/** One tool_call_trace event (§events). Unknown fields are dropped, `arguments` is never stored. */
export const toolCallTraceSchema = z.object({
  id: z.string().min(1, 'id must not be empty').max(L.id, `id is at most ${L.id} characters`),
  type: z.literal('tool_call_trace', { error: "type must be 'tool_call_trace' when given" }).optional(),
  timestamp: z
    .string()
    .regex(RFC3339, 'timestamp must be an RFC 3339 date-time with an offset, e.g. 2026-11-29T10:00:00.123Z')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'timestamp is not a real date'),
  tool: z.string().min(1, 'tool must not be empty').max(L.tool, `tool is at most ${L.tool} characters`),
  server: z.string().regex(SERVER_NAME_RE, 'server must be 1–64 of [A-Za-z0-9_.-], starting with a letter or digit').nullish(),
  /** The `server/tool` the proxy routed the call to (§events): the strongest hint to its name. */
  canonical: z
    .string()
    .max(L.canonical, `canonical is at most ${L.canonical} characters`)
    .refine(isCanonicalName, "canonical must be '<server>/<tool>': a server name, '/', then the tool's name on that server")
    .nullish(),
  /** The router the call named (§routers): its `tool` is the router's name, its `canonical` the op's tool. */
  router: z.string().min(1, 'router must not be empty').max(L.tool, `router is at most ${L.tool} characters`).nullish(),
  /** The op a router call named, as sent: one of the router's, `list_ops`, or one it does not have. */
  op: z.string().max(L.tool, `op is at most ${L.tool} characters`).nullish(),
  arguments: z.unknown().optional(),
  /** What the sending proxy's argument check found; [] when the arguments were checked and fine. */
  argumentProblems: z
    .array(argumentProblemSchema, { error: 'argumentProblems must be a list of problems' })
    .max(MAX_PROBLEMS_PER_CALL, `argumentProblems holds at most ${MAX_PROBLEMS_PER_CALL} problems`)
    .optional(),
  /** The proxy's own classes; ingest derives the stored ones from the name, the problems and the status. */
  failureClasses: z
    .array(z.enum(FAILURE_CLASSES, { error: `failureClasses must be of ${FAILURE_CLASSES.join(', ')}` }))
    .max(FAILURE_CLASSES.length, `failureClasses holds at most ${FAILURE_CLASSES.length} classes`)
    .optional(),
  sessionId: optionalText(L.text),
  status: z
    .string()
    .regex(/^[a-z][a-z_]{0,31}$/, "status is a lower-case word such as 'ok' or 'error'")
    .default('ok'),
  errorCode: z.union([z.string().max(L.errorCode), z.number().transform((n) => String(n))]).nullish(),
  durationMs: z.number().min(0).max(L.durationMs).nullish(),
  model: optionalText(L.text),
  client: optionalText(L.text),
  /** What the proxy presented, copied from the surface document (§impact); else found from the timestamp. */
  mode: z.enum(SURFACE_MODES, { error: `mode must be one of ${SURFACE_MODES.join(', ')}` }).nullish(),
  surfaceRevision: z
    .number({ error: 'surfaceRevision must be a whole number' })
    .int('surfaceRevision must be a whole number')
    .min(1, 'surfaceRevision starts at 1')
    .max(2_147_483_647, 'surfaceRevision is too large')
    .nullish(),
  /** The MCP revision the client spoke to the proxy, e.g. 2025-11-25 or 2026-07-28. */
  protocolVersion: z
    .string({ error: 'protocolVersion must be an MCP revision such as 2025-11-25' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'protocolVersion must be an MCP revision such as 2025-11-25')
    .nullish(),
});

export type ToolCallTrace = z.infer<typeof toolCallTraceSchema>;
