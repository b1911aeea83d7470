import type { ArgumentProblem } from '@/lib/arguments/classes';
import { splitCanonical } from '@/lib/names/canonical';
import { opTried, readRouterCall, refusalResult, routerArgumentsAnswer, type RouterVia } from '@/lib/surface/router-calls';
import type { ListedOp } from '@/lib/surface/types';
import type { CallParams } from '@/mcp/direct-calls';
import type { Answered } from './call-refusals';
import type { Target } from './call-target';
import type { Presenter } from './presenter';
import type { CallOutcome } from './traces';

export type { RouterVia } from '@/lib/surface/router-calls';

type RouterTarget = Extract<Target, { kind: 'router' }>;

/** A router call on its way to its op's tool: the server and tool, the op's arguments, and what a refusal of them names. */
export interface RoutedOp {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  outcome: CallOutcome;
  via: RouterVia;
}

/**
 * A call to a router (§routers), read as the bake-off reads it (readRouterCall): `list_ops` and
 * an op the router does not have are answered here, and never reach a server; a right op goes
 * on to its tool. Every answer is traced with the router and the op named.
 */
export function routerCall(presenter: Presenter, target: RouterTarget, params: CallParams, named: CallOutcome): RoutedOp | Answered {
  const args = params.arguments ?? {};
  const outcome: CallOutcome = { ...named, router: target.name, op: opTried(args.op) };
  const reading = readRouterCall(target, args, (op) => schemaOf(presenter, op));
  if (reading.kind === 'list_ops') return { result: reading.answer, outcome };
  if (reading.kind === 'unknown_op') return { result: reading.answer, outcome: { ...outcome, status: 'error', errorCode: 'unknown_op' } };
  // biome-ignore lint/style/noNonNullAssertion: an op's tool is a catalog entry's canonical name, and every one splits.
  const { server, tool } = splitCanonical(reading.via.op.canonical)!;
  if (reading.kind === 'arguments_not_object') {
    const { problems } = reading;
    return {
      result: reading.answer,
      outcome: { ...outcome, server, canonical: reading.via.op.canonical, problems, status: 'error', errorCode: 'invalid_arguments' },
    };
  }
  return { server, tool, arguments: reading.arguments, outcome, via: reading.via };
}

/** Enforce mode: the op's tool never sees the call, and the model reads why, with the op's schema. */
export function routerArgumentRefusal(presenter: Presenter, known: CallOutcome, via: RouterVia, problems: readonly ArgumentProblem[]): Answered {
  const result = refusalResult(routerArgumentsAnswer(via.router, via.op, problems, schemaOf(presenter, via.op), via.stray));
  return { result, outcome: { ...known, status: 'error', errorCode: 'invalid_arguments' } };
}

/** The op's tool's input schema as its server listed it. */
function schemaOf(presenter: Presenter, op: ListedOp): Record<string, unknown> {
  const parts = splitCanonical(op.canonical);
  return (parts && presenter.inputSchemaOf(parts.server, parts.tool)) ?? { type: 'object' };
}
