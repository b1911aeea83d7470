import { isOneOf } from '@/lib/records';

/**
 * Why a call failed (§arguments), after BFCL's checker: the name resolved to nothing (invented
 * tool), mcp_invoke_tool named a server that does not exist (invented server), a router was
 * called with an op it does not have (unknown op, §routers), the arguments
 * broke the tool's inputSchema (missing required, unexpected key, wrong type, wrong value), the
 * server or the protocol failed it (server error), or none of these (ok).
 */
export const FAILURE_CLASSES = [
  'ok',
  'invented_tool',
  'invented_server',
  'unknown_op',
  'missing_required',
  'unexpected_param',
  'type_error',
  'value_error',
  'server_error',
] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

/** The classes an argument check finds: the call named a real tool and got its arguments wrong. */
export const ARGUMENT_CLASSES = ['missing_required', 'unexpected_param', 'type_error', 'value_error'] as const;
export type ArgumentClass = (typeof ARGUMENT_CLASSES)[number];

export function isArgumentClass(value: string): value is ArgumentClass {
  return isOneOf(ARGUMENT_CLASSES, value);
}

/**
 * What a proxy does with the check, per project: `off` checks nothing, `observe` forwards every
 * call and records what it found, `enforce` answers a call that breaks its schema with
 * `isError: true` and does not call the server, so the model can correct itself.
 */
export const ARGUMENT_CHECK_MODES = ['off', 'observe', 'enforce'] as const;
export type ArgumentCheckMode = (typeof ARGUMENT_CHECK_MODES)[number];
export const DEFAULT_ARGUMENT_CHECK_MODE: ArgumentCheckMode = 'observe';

/**
 * One thing wrong with a call's arguments, by where it is and what kind it is; never the value
 * sent, so a trace can carry it without carrying the user's data.
 */
export interface ArgumentProblem {
  /** A JSON path into the arguments: `$.startDate`, `$.assignees[0].name`; `$` is the arguments themselves. */
  path: string;
  class: ArgumentClass;
  /** The schema keyword it broke (`required`, `type`, `enum`, `format`, `additionalProperties`…). */
  keyword: string;
  /** For an unexpected key: the key of the schema it most likely stood for. */
  suggestion?: string;
  /** What the schema wants there, in its own terms (`must be string`, `must be one of: open, closed`); never the value sent. */
  expected?: string;
  /**
   * False for a key the schema does not declare but also does not forbid (no
   * `additionalProperties: false`): a mistake worth counting, which the server would accept, so
   * enforce mode lets it through.
   */
  blocking: boolean;
}

/** At most this many problems are kept per call: enough to correct it, bounded for a trace. */
export const MAX_PROBLEMS_PER_CALL = 20;
/** A path longer than this is cut; paths are made of the keys a model sent. */
export const MAX_PROBLEM_PATH = 200;
/** And `expected` this long. */
export const MAX_PROBLEM_EXPECTED = 200;

/** The classes of a call's problems, each once, in the order of FAILURE_CLASSES. */
export function classesOf(problems: readonly ArgumentProblem[]): ArgumentClass[] {
  const found = new Set(problems.map((p) => p.class));
  return ARGUMENT_CLASSES.filter((c) => found.has(c));
}
