import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ArgumentProblem } from '@/lib/arguments/classes';
import { splitCanonical } from '@/lib/names/canonical';
import { isRecord } from '@/lib/records';
import { LIST_OPS } from '@/lib/schemas/routers';
import { listOpsText, opTried, routerArgumentsAnswer, strayKeys, unknownOpAnswer } from '@/lib/surface/router-calls';
import type { ListedOp } from '@/lib/surface/types';
import type { CallParams } from '@/mcp/direct-calls';
import type { Answered } from './call-refusals';
import type { Target } from './call-target';
import type { Presenter } from './presenter';
import type { CallOutcome } from './traces';

type RouterTarget = Extract<Target, { kind: 'router' }>;

/** A router call on its way to its op's tool: the server and tool, the op's arguments, and what a refusal of them names. */
export interface RoutedOp {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  outcome: CallOutcome;
  via: RouterVia;
}

/** The router and op a call went through, for an argument refusal: it names them and gives the op's schema. */
export interface RouterVia {
  router: string;
  op: ListedOp;
  /** Keys the call sent beside `op` and `arguments`. */
  stray: string[];
}

/**
 * A call to a router (§routers), read: `list_ops` and an op the router does not have are
 * answered here, and never reach a server; a right op goes on to its tool with the call's
 * `arguments` ({} when it sent none). Every answer is traced with the router and the op named.
 */
export function routerCall(presenter: Presenter, target: RouterTarget, params: CallParams, named: CallOutcome): RoutedOp | Answered {
  const args = params.arguments ?? {};
  const outcome: CallOutcome = { ...named, router: target.name, op: opTried(args.op) };
  if (args.op === LIST_OPS) {
    const ops = target.ops.map((op) => ({ op, inputSchema: schemaOf(presenter, op) }));
    return { result: { content: [{ type: 'text', text: listOpsText(target.name, ops) }] }, outcome };
  }
  const op = typeof args.op === 'string' ? target.ops.find((o) => o.op === args.op) : undefined;
  if (!op) {
    const { text, envelope } = unknownOpAnswer(target.name, args.op, target.ops);
    return { result: answerOf(text, envelope), outcome: { ...outcome, status: 'error', errorCode: 'unknown_op' } };
  }
  // biome-ignore lint/style/noNonNullAssertion: an op's tool is a catalog entry's canonical name, and every one splits.
  const { server, tool } = splitCanonical(op.canonical)!;
  const via: RouterVia = { router: target.name, op, stray: strayKeys(args) };
  if (args.arguments !== undefined && !isRecord(args.arguments)) {
    // MCP sends a tool an object of arguments: nothing else can be passed on, whatever the checks.
    const problems: ArgumentProblem[] = [{ path: '$', class: 'type_error', keyword: 'type', expected: 'must be object', blocking: true }];
    return routerArgumentRefusal(presenter, { ...outcome, server, canonical: op.canonical, problems }, via, problems);
  }
  return { server, tool, arguments: args.arguments ?? {}, outcome, via };
}

/** Enforce mode, or arguments that are no object: the op's tool never sees the call, and the model reads why, with the op's schema. */
export function routerArgumentRefusal(presenter: Presenter, known: CallOutcome, via: RouterVia, problems: readonly ArgumentProblem[]): Answered {
  const { text, envelope } = routerArgumentsAnswer(via.router, via.op, problems, schemaOf(presenter, via.op), via.stray);
  return { result: answerOf(text, envelope), outcome: { ...known, status: 'error', errorCode: 'invalid_arguments' } };
}

/** The op's tool's input schema as its server listed it. */
function schemaOf(presenter: Presenter, op: ListedOp): Record<string, unknown> {
  const parts = splitCanonical(op.canonical);
  return (parts && presenter.inputSchemaOf(parts.server, parts.tool)) ?? { type: 'object' };
}

/** A tool execution error the model reads, then the envelope for programs, as every refusal of the proxy's carries it. */
function answerOf(text: string, envelope: object): CallToolResult {
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(envelope) },
    ],
    isError: true,
  };
}
