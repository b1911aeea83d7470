import { type InvalidArgumentsEnvelope, invalidArgumentsAnswer } from '@/lib/arguments/answer';
import type { ArgumentProblem } from '@/lib/arguments/classes';
import { editDistance } from '@/lib/arguments/suggest';
import { isObject } from '@/lib/records';
import { LIST_OPS } from '@/lib/schemas/routers';
import type { ListedOp } from './types';

/**
 * What a router call (§routers) asks for, and the answers favindex gives itself: `list_ops`,
 * an op the router does not have, and arguments an op's tool refuses. Pure: the proxy and the
 * bake-off read a call here (readRouterCall), so both answer it alike.
 */

/** The envelope of a router call whose op the router does not have: nothing reached a server. */
export interface UnknownOpEnvelope {
  error_code: 'UNKNOWN_OP';
  message: string;
  /** The same call with an op of the router passes: always true. */
  retryable: true;
  suggested_action: string;
  cited_rule: '§routers';
  details: { router: string; op: string; ops: string[] };
}

/** The envelope of a router call whose arguments its op's tool refused (enforce, §arguments): the op's schema beside the problems. */
export interface RouterArgumentsEnvelope extends Omit<InvalidArgumentsEnvelope, 'details'> {
  details: InvalidArgumentsEnvelope['details'] & { router: string; op: string; inputSchema: Record<string, unknown> };
}

/** An answer the model reads (its text) and a program reads (the envelope), as a tool execution error. */
export interface RouterRefusal<E> {
  text: string;
  envelope: E;
}

/** The longest op tried that is compared with the router's: no op is longer (OP_NAME_RE), and the work stays bounded. */
const MAX_COMPARED = 64;
/** How many close ops an unknown op's answer names. */
const CLOSEST_SHOWN = 3;
/** The most of an op tried an answer repeats: a model's made-up op is short, and a long one is not sent back whole. */
const MAX_REPEATED = 100;

/** The op a call named, as a trace records it: a string as sent, anything else as its JSON (absent: empty). */
export function opTried(op: unknown): string {
  if (typeof op === 'string') return op;
  return op === undefined ? '' : (JSON.stringify(op) ?? String(op));
}

function repeated(text: string): string {
  return text.length > MAX_REPEATED ? `${text.slice(0, MAX_REPEATED)}…` : text;
}

/**
 * The router's ops closest to the op tried, closest first: those that share a word with it
 * (`get_issue` for `read_issue`), then those within a few edits (`get_isue`), never more than
 * CLOSEST_SHOWN. An op nothing is close to gets none: list_ops is the way then.
 */
export function closestOps(tried: string, ops: readonly string[]): string[] {
  const a = tried.toLowerCase().slice(0, MAX_COMPARED);
  const words = new Set(wordsOf(a));
  const ranked: { op: string; shared: number; distance: number }[] = [];
  for (const op of ops) {
    const shared = wordsOf(op).filter((w) => words.has(w)).length;
    const distance = editDistance(a, op);
    const near = distance <= Math.max(2, Math.floor(op.length / 3));
    if (shared > 0 || near) ranked.push({ op, shared, distance });
  }
  ranked.sort((x, y) => y.shared - x.shared || x.distance - y.distance || x.op.localeCompare(y.op));
  return ranked.slice(0, CLOSEST_SHOWN).map((r) => r.op);
}

/** An op's words: `list_open_issues` → list, open, issue (a plural and its singular are one word). */
function wordsOf(op: string): string[] {
  return op
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1)
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}

/** A router called with an op it does not have (or none): what to call instead, and nothing was sent. */
export function unknownOpAnswer(router: string, op: unknown, ops: readonly ListedOp[]): RouterRefusal<UnknownOpEnvelope> {
  const names = ops.map((o) => o.op);
  const tried = repeated(opTried(op));
  const message =
    typeof op === 'string'
      ? `${router} has no op '${tried}', so nothing was called.`
      : op === undefined
        ? `${router} needs an op, and the call named none, so nothing was called.`
        : `${router} needs an op as a string, and the call sent ${tried}, so nothing was called.`;
  const closest = typeof op === 'string' ? closestOps(op, names) : [];
  const listOps = `call ${router} with op="${LIST_OPS}" to see every op with its input schema`;
  const suggested = closest.length > 0 ? `Call ${router} with ${closest.map((o) => `op="${o}"`).join(' or ')}, or ${listOps}.` : `${capitalised(listOps)}.`;
  const text = [message, `Its ops: ${[...names, LIST_OPS].join(', ')}.`, suggested].join('\n');
  return {
    text,
    envelope: {
      error_code: 'UNKNOWN_OP',
      message,
      retryable: true,
      suggested_action: suggested,
      cited_rule: '§routers',
      details: { router, op: tried, ops: names },
    },
  };
}

/**
 * The same answer without its `suggested_action` (the envelope's field and the text's line), the
 * rest as is: what a bake-off's presentation with `envelope=off` answers a wrong op with, to
 * measure what the suggestion is worth to a model (§bakeoff).
 */
export function withoutSuggestedAction(refusal: RouterRefusal<UnknownOpEnvelope>): RouterRefusal<Omit<UnknownOpEnvelope, 'suggested_action'>> {
  const { suggested_action, ...envelope } = refusal.envelope;
  return {
    text: refusal.text
      .split('\n')
      .filter((line) => line !== suggested_action)
      .join('\n'),
    envelope,
  };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A router call whose arguments break its op's tool's schema (enforce): each problem by its path
 * inside `arguments`, the op's input schema, and the call to make again. `stray` are keys the
 * call sent beside `op` and `arguments`, where a model often puts the op's arguments.
 */
export function routerArgumentsAnswer(
  router: string,
  op: ListedOp,
  problems: readonly ArgumentProblem[],
  inputSchema: Record<string, unknown>,
  stray: readonly string[] = [],
): RouterRefusal<RouterArgumentsEnvelope> {
  const inside =
    stray.length > 0 ? ` The op's arguments go inside "arguments", not beside op (${stray.map((k) => `"${k}"`).join(', ')} was sent beside it).` : '';
  const suggested = `Call ${router} again with op="${op.op}" and "arguments" corrected as listed; keys are case-sensitive.${inside}`;
  const { text, envelope } = invalidArgumentsAnswer(`op '${op.op}' of ${router}`, problems, suggested);
  return {
    text: `${text}\nThe input schema of op '${op.op}': ${JSON.stringify(inputSchema)}`,
    envelope: { ...envelope, details: { ...envelope.details, router, op: op.op, inputSchema } },
  };
}

/** `list_ops`: each op with its note, its tool's full input schema, as JSON the model reads. */
export function listOpsText(router: string, ops: readonly { op: ListedOp; inputSchema: Record<string, unknown> }[]): string {
  return JSON.stringify({
    router,
    ops: ops.map(({ op, inputSchema }) => ({ op: op.op, note: op.note, inputSchema })),
    call: `call ${router} with {"op": "<op>", "arguments": {…}}, the arguments as the op's inputSchema says`,
  });
}

/** What a router call sent besides `op` and `arguments`. */
export function strayKeys(args: Record<string, unknown>): string[] {
  return Object.keys(args)
    .filter((k) => k !== 'op' && k !== 'arguments')
    .slice(0, 10);
}

/** What a model reads from a call favindex answers itself: MCP's tool result, text parts only (a type, not an interface, so it is one). */
export type RouterAnswer = {
  content: { type: 'text'; text: string }[];
  isError?: true;
};

/** A refusal as a tool execution error: the text the model reads, then the envelope for programs, as every refusal of the proxy's carries it. */
export function refusalResult(refusal: RouterRefusal<object>): RouterAnswer {
  return {
    content: [
      { type: 'text', text: refusal.text },
      { type: 'text', text: JSON.stringify(refusal.envelope) },
    ],
    isError: true,
  };
}

/** The router and op a call went through, for an argument refusal: it names them and gives the op's schema. */
export interface RouterVia {
  router: string;
  op: ListedOp;
  /** Keys the call sent beside `op` and `arguments`. */
  stray: string[];
}

/**
 * What one router call comes to: `list_ops` and a wrong op are answered here and reach no
 * server; a right op goes on to its tool with the call's `arguments` ({} when it sent none),
 * unless they are no object, which no tool can be sent.
 */
export type RouterCallReading =
  | { kind: 'list_ops'; answer: RouterAnswer }
  | { kind: 'unknown_op'; answer: RouterAnswer }
  | { kind: 'arguments_not_object'; via: RouterVia; problems: ArgumentProblem[]; answer: RouterAnswer }
  | { kind: 'op'; via: RouterVia; arguments: Record<string, unknown> };

export interface RouterCallOptions {
  /** False: a wrong op's answer leaves out suggested_action (withoutSuggestedAction). The proxy always suggests. */
  suggestedAction?: boolean;
}

/**
 * A router call read, once for the proxy and the bake-off: `args` are the router's own
 * arguments (`op`, `arguments`), `schemaOf` an op's tool's input schema as its server lists it.
 */
export function readRouterCall(
  router: { name: string; ops: readonly ListedOp[] },
  args: Record<string, unknown>,
  schemaOf: (op: ListedOp) => Record<string, unknown>,
  options: RouterCallOptions = {},
): RouterCallReading {
  if (args.op === LIST_OPS) {
    const text = listOpsText(
      router.name,
      router.ops.map((op) => ({ op, inputSchema: schemaOf(op) })),
    );
    return { kind: 'list_ops', answer: { content: [{ type: 'text', text }] } };
  }
  const op = typeof args.op === 'string' ? router.ops.find((o) => o.op === args.op) : undefined;
  if (!op) {
    const refusal = unknownOpAnswer(router.name, args.op, router.ops);
    return { kind: 'unknown_op', answer: refusalResult(options.suggestedAction === false ? withoutSuggestedAction(refusal) : refusal) };
  }
  const via: RouterVia = { router: router.name, op, stray: strayKeys(args) };
  if (args.arguments !== undefined && !isObject(args.arguments)) {
    // MCP sends a tool an object of arguments: nothing else can be passed on, whatever the checks.
    const problems: ArgumentProblem[] = [{ path: '$', class: 'type_error', keyword: 'type', expected: 'must be object', blocking: true }];
    return { kind: 'arguments_not_object', via, problems, answer: refusalResult(routerArgumentsAnswer(router.name, op, problems, schemaOf(op), via.stray)) };
  }
  return { kind: 'op', via, arguments: args.arguments ?? {} };
}
