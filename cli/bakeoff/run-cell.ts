import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { openingTurns } from '@/lib/bakeoff/task-schema';
import { type CellKey, parseArguments, type ToolCallRecord, type Transcript } from '@/lib/bakeoff/transcript';
import { BAKEOFF_LIMITS } from '@/lib/limits';
import { retrieveTools } from '@/lib/surface/retrieve';
import { type BakeoffMessage, EndpointError, type ModelEndpoint, type ModelToolCall, type OfferedTool } from './endpoint';
import type { CallTool } from './live-servers';
import type { ListedAs, Presentation } from './presentation';
import { isObject } from '@/lib/records';
import { opTried, readRouterCall } from '@/lib/surface/router-calls';
import type { ListedOp } from '@/lib/surface/types';

/** Tools a search answers with, as favindex's own `mcp_find_tools` does by default. */
const FOUND_PER_SEARCH = 5;

/** The header that names the cell, for the endpoint's logs; the scripted model seeds on the run. */
export const CELL_HEADER = 'x-favindex-bakeoff-cell';
export const RUN_HEADER = 'x-favindex-bakeoff-run';

interface Answered {
  record: ToolCallRecord;
  result: unknown;
  /** Tools a search found: callable from the next turn on, as favindex's proxy lists them. */
  found: { canonical: string; tool: OfferedTool }[];
}

function objectOf(text: string): Record<string, unknown> | null {
  const parsed = parseArguments(text);
  return parsed.ok && isObject(parsed.value) ? parsed.value : null;
}

/**
 * A tool's result: the task's fixture for it; else, with servers to call, the real server's
 * answer; else a plain success, as a server that did the work would answer.
 */
async function resultOf(task: BakeoffTask, canonical: string, rawArguments: string, callTool: CallTool | undefined): Promise<unknown> {
  const fixture = task.fixtures?.[canonical];
  if (fixture !== undefined) return fixture;
  if (!callTool) return { ok: true };
  const args = objectOf(rawArguments);
  // A client sends no call whose arguments are not an object: the model reads why, as it would there.
  if (!args) return { isError: true, content: [{ type: 'text', text: 'the arguments are not a JSON object' }] };
  return (await callTool(canonical, args)) ?? { ok: true };
}

type CallBase = Pick<ToolCallRecord, 'turn' | 'presented' | 'rawArguments' | 'arguments'>;

/**
 * A router call, read as the proxy reads it (readRouterCall): list_ops and a wrong op are
 * answered without a tool; a right op is the call of its tool with the op's arguments, answered
 * as any call of that tool, and recorded as that call.
 */
async function routerAnswer(
  base: CallBase,
  router: Extract<ListedAs, { kind: 'router' }>,
  task: BakeoffTask,
  presentation: Presentation,
  callTool: CallTool | undefined,
): Promise<Answered> {
  const args = objectOf(base.rawArguments) ?? {};
  const schemaOf = (op: ListedOp) => presentation.catalog.get(op.canonical)?.inputSchema ?? { type: 'object' };
  const reading = readRouterCall(router, args, schemaOf, { suggestedAction: presentation.envelope });
  const routed = { router: router.name, op: opTried(args.op) };
  if (reading.kind === 'list_ops') return { record: { ...base, canonical: null, source: 'meta', ...routed }, result: reading.answer, found: [] };
  if (reading.kind === 'unknown_op') return { record: { ...base, canonical: null, ...routed }, result: reading.answer, found: [] };
  const { canonical } = reading.via.op;
  const inner = JSON.stringify(reading.kind === 'op' ? reading.arguments : args.arguments);
  const record: ToolCallRecord = { ...base, canonical, ...routed, rawArguments: inner, arguments: parseArguments(inner) };
  if (reading.kind === 'arguments_not_object') return { record, result: reading.answer, found: [] };
  return { record, result: await resultOf(task, canonical, inner, callTool), found: [] };
}

/** What the model's call is and what it gets back. */
async function answer(call: ModelToolCall, turn: number, task: BakeoffTask, presentation: Presentation, callTool?: CallTool): Promise<Answered> {
  const base: CallBase = { turn, presented: call.name, rawArguments: call.arguments, arguments: parseArguments(call.arguments) };
  const listed = presentation.listedAs.get(call.name);
  if (!listed) return { record: { ...base, canonical: null }, result: { error: `no tool is named '${call.name}'` }, found: [] };
  if (listed.kind === 'router') return routerAnswer(base, listed, task, presentation, callTool);
  if (listed.kind === 'server')
    return { record: { ...base, canonical: listed.canonical }, result: await resultOf(task, listed.canonical, call.arguments, callTool), found: [] };
  if (listed.kind === 'invoke') {
    // The call it makes is the call that counts: its server and tool, its own arguments.
    const args = objectOf(call.arguments);
    const server = typeof args?.server === 'string' ? args.server : null;
    const canonical = server !== null && typeof args?.tool === 'string' ? `${server}/${args.tool}` : '';
    const inner = JSON.stringify(args?.arguments ?? {});
    const { servers } = presentation;
    // As favindex's proxy answers it, and as Usage classes it: a server the project lacks.
    if (server !== null && !servers.has(server))
      return {
        record: { ...base, canonical: null, inventedServer: server },
        result: { error: `'${server}' is not one of this project's MCP servers (${[...servers].join(', ') || 'none'})` },
        found: [],
      };
    if (!presentation.catalog.has(canonical))
      return { record: { ...base, canonical: null }, result: { error: `no tool '${canonical}' in the project` }, found: [] };
    const result = await resultOf(task, canonical, inner, callTool);
    return { record: { ...base, canonical, rawArguments: inner, arguments: parseArguments(inner) }, result, found: [] };
  }
  if (listed.kind === 'find') {
    const query = objectOf(call.arguments)?.query;
    const { entries } = retrieveTools(presentation.searchable, typeof query === 'string' ? query : '', FOUND_PER_SEARCH);
    const found = entries.flatMap((e) => {
      const canonical = `${e.server}/${e.tool.name}`;
      const tool = presentation.catalog.get(canonical);
      return tool ? [{ canonical, tool }] : [];
    });
    return { record: { ...base, canonical: null, source: 'meta' }, result: { tools: found.map((f) => f.tool) }, found };
  }
  return { record: { ...base, canonical: null, source: listed.kind }, result: { ok: true }, found: [] };
}

/**
 * One cell run: the task's opening turns, then the model and its tool calls in turn until it
 * answers without a call (`completed`), reaches the task's turn limit, or the endpoint fails it
 * after its retries (`endpoint_error`: measured as nothing, run again on resume).
 */
export async function runCell(endpoint: ModelEndpoint, key: CellKey, task: BakeoffTask, presentation: Presentation, callTool?: CallTool): Promise<Transcript> {
  const offered = [...presentation.offered];
  const names = new Set(offered.map((t) => t.name));
  const listedAs = new Map(presentation.listedAs);
  const messages: BakeoffMessage[] = openingTurns(task).map((t) =>
    t.role === 'user' ? { role: 'user', content: t.content } : { role: 'assistant', content: t.content, toolCalls: [] },
  );
  const transcript: Transcript = { key, turns: [], calls: [], outcome: 'turn_limit' };
  const headers = { [CELL_HEADER]: `${key.taskId}/${key.presentation}/${key.model}/${key.run}`, [RUN_HEADER]: String(key.run) };
  const maxTurns = task.maxTurns ?? BAKEOFF_LIMITS.defaultTaskTurns;
  for (let turn = 0; turn < maxTurns; turn++) {
    const started = performance.now();
    let completion: Awaited<ReturnType<ModelEndpoint['complete']>>;
    try {
      completion = await endpoint.complete({ model: key.model, messages, tools: offered, headers });
    } catch (err) {
      if (err instanceof EndpointError) return { ...transcript, outcome: 'endpoint_error', error: err.message };
      throw err;
    }
    transcript.turns.push({
      inputTokens: completion.inputTokens,
      ...(completion.cachedTokens !== undefined ? { cachedTokens: completion.cachedTokens } : {}),
      outputTokens: completion.outputTokens,
      wallMs: Math.round((performance.now() - started) * 10) / 10,
    });
    if (completion.toolCalls.length === 0) return { ...transcript, outcome: 'completed' };
    messages.push({ role: 'assistant', content: completion.text, toolCalls: completion.toolCalls });
    for (const call of completion.toolCalls) {
      const answered = await answer(call, turn, task, { ...presentation, listedAs }, callTool);
      transcript.calls.push(answered.record);
      messages.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify(answered.result) });
      for (const { canonical, tool } of answered.found) {
        if (names.has(tool.name)) continue;
        names.add(tool.name);
        offered.push(tool);
        listedAs.set(tool.name, { kind: 'server', canonical });
      }
    }
  }
  return transcript;
}
