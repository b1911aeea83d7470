import { type ArgumentProblem, classesOf, type FailureClass } from './classes';

/** What a trace knows of how its call went, for its failure classes. */
export interface CallFacts {
  /** The name resolved to no tool: not in the list, not in the catalog. */
  inventedTool?: boolean;
  /** mcp_invoke_tool named a server the project does not have (its name then resolves to nothing too: this says why). */
  inventedServer?: boolean;
  /** A router was called with an op it does not have (§routers): it reached no tool, and no server saw it. */
  unknownOp?: boolean;
  /** What the argument check found; undefined when it did not run (checks off, no schema). */
  problems?: readonly ArgumentProblem[];
  /**
   * `error` when the server answered `isError` or the call failed on the way; `denied` when the
   * project's tool policy refused it (§policy), `cancelled` when the client gave up on it,
   * `unknown` when its proxy died before it ended (§events).
   */
  status: string;
}

/**
 * The failure classes of one call, at least one (§arguments). A call with wrong arguments is
 * classed by them, even when the server then failed it too: the server's error is their
 * consequence. A cancelled call failed at nothing, and so did one the tool policy refused: it
 * named a real tool, its arguments were never checked, and the server never saw it, so it is
 * neither an argument problem nor a server error (its status says it was denied). A call of
 * unknown outcome is no known server error either: only its status says what is missing.
 * A call through mcp_invoke_tool naming a server the project lacks names no tool either; it is
 * an invented server, whoever asks (Usage, the proxy's traces, the bake-off). A router call
 * naming an op the router does not have chose its tool wrong, not its arguments: an unknown op.
 */
export function failureClassesOf(call: CallFacts): FailureClass[] {
  if (call.inventedServer) return ['invented_server'];
  if (call.unknownOp) return ['unknown_op'];
  if (call.inventedTool) return ['invented_tool'];
  const classes = classesOf(call.problems ?? []);
  if (classes.length > 0) return classes;
  return call.status === 'error' ? ['server_error'] : ['ok'];
}

/** A call is well-formed when it named a real tool and its arguments broke nothing in its schema. */
export function isWellFormed(classes: readonly FailureClass[]): boolean {
  return classes.every((c) => c === 'ok' || c === 'server_error');
}
