/**
 * What the scripted model does with one chat-completions request, as a pure function of it, so
 * a test can compute the exact metrics a bake-off should report. It picks the tool whose name
 * and description share most words with the user's turns; on a long list it may first call the
 * runner-up (wander); on a tool with a long schema it may invent a key or leave a required one
 * out; after a tool result it calls the target, and after the target's result it answers. A
 * router (§routers) it calls as routerDecision says.
 */
import { seededRandom, seedOf } from '@/lib/stats/random';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface FunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: FunctionTool[];
}

export interface Behaviour {
  /** Lists up to this long never make it wander. */
  quietList: number;
  /** Each tool past quietList adds this to the chance of a first wrong call. */
  wanderPerTool: number;
  maxWander: number;
  /** A schema with at least this many properties counts as long. */
  longSchema: number;
  /** The chance that a call of a tool with a long schema gets its keys wrong. */
  mistakeRate: number;
  /** The chance that its first call of a router names an op the router lacks: a verb it half remembers. */
  wrongOpRate: number;
  /** After a wrong op answered without suggested_action, the chance it reads the router's op enum and calls the right op, rather than guess again. */
  rereadRate: number;
}

export const DEFAULT_BEHAVIOUR: Behaviour = {
  quietList: 5,
  wanderPerTool: 0.02,
  maxWander: 0.8,
  longSchema: 6,
  mistakeRate: 0.5,
  wrongOpRate: 0.5,
  rereadRate: 0.4,
};

export type Mistake = 'invented_key' | 'omitted_required';

export type Decision =
  | { kind: 'call'; name: string; arguments: string; wandered: boolean; mistake: Mistake | null }
  | { kind: 'answer'; content: string; reason: 'done' | 'no_tool' };

const STOP_WORDS = new Set(['the', 'and', 'for', 'from', 'with', 'that', 'this', 'into', 'then', 'please', 'what', 'which', 'all', 'our', 'run']);

/** Words of a text as the model matches them: lower case, camelCase and snake_case split, three letters or more. */
export function wordsOf(text: string): Set<string> {
  const spaced = text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return new Set(spaced.split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w)));
}

function scoreOf(tool: FunctionTool, prompt: Set<string>): number {
  const name = wordsOf(tool.function.name);
  const description = wordsOf(tool.function.description ?? '');
  let score = 0;
  for (const word of prompt) score += (name.has(word) ? 2 : 0) + (description.has(word) ? 1 : 0);
  return score;
}

/** The seed of a request: the user's first turn, how far the exchange has got, the run's nonce and the model. */
export function seedOfRequest(request: ChatRequest, nonce: string): number {
  const first = request.messages.find((m) => m.role === 'user')?.content ?? '';
  return seedOf(first, request.messages.length, nonce, request.model);
}

export function decide(request: ChatRequest, nonce: string, behaviour: Behaviour = DEFAULT_BEHAVIOUR): Decision {
  const tools = request.tools ?? [];
  const random = seededRandom(seedOfRequest(request, nonce));
  // Every draw is made up front, so one branch taken never shifts the numbers of another.
  const [wanderDraw, mistakeDraw, kindDraw, keyDraw, opDraw] = [random(), random(), random(), random(), random()];
  const prompt = wordsOf(
    request.messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content ?? '')
      .join(' '),
  );
  const ranked = tools.map((tool, i) => ({ tool, i, score: scoreOf(tool, prompt) })).sort((a, b) => b.score - a.score || a.i - b.i);
  const target = ranked[0];
  if (!target || target.score === 0) return { kind: 'answer', content: 'None of these tools does that.', reason: 'no_tool' };
  if (opsOf(target.tool).length > 0) return routerDecision(request, target.tool, prompt, behaviour, opDraw);
  const called = request.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.function.name) : []));
  if (called.includes(target.tool.function.name)) return { kind: 'answer', content: `Done: ${target.tool.function.name} answered.`, reason: 'done' };
  const last = request.messages.at(-1);
  const pWander = Math.min(behaviour.maxWander, Math.max(0, tools.length - behaviour.quietList) * behaviour.wanderPerTool);
  const runnerUp = ranked[1];
  const wander = last?.role !== 'tool' && runnerUp !== undefined && wanderDraw < pWander;
  const chosen = wander ? runnerUp.tool : target.tool;
  const { args, mistake } = argumentsFor(chosen, request, behaviour, mistakeDraw, kindDraw, keyDraw);
  return { kind: 'call', name: chosen.function.name, arguments: JSON.stringify(args), wandered: wander, mistake };
}

type Schema = { type?: string; enum?: unknown[]; minimum?: number };

/** `key=value` pairs in the user's turns: what a prompt asks for, in a form this model can read. */
function askedValues(request: ChatRequest): Map<string, string> {
  const asked = new Map<string, string>();
  for (const m of request.messages) {
    if (m.role !== 'user') continue;
    for (const match of (m.content ?? '').matchAll(/([A-Za-z_][\w]*)=("[^"]*"|[^\s,;]+)/g))
      asked.set(match[1]!, match[2]!.replace(/^"|"$/g, '').replace(/\.$/, ''));
  }
  return asked;
}

function valueFor(schema: Schema, asked: string | undefined): unknown {
  const type = schema.type;
  if (asked !== undefined) {
    if (type === 'integer' || type === 'number') return Number(asked);
    if (type === 'boolean') return asked === 'true';
    if (type === 'array') return asked.split('|');
    return asked;
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'x';
}

function argumentsFor(tool: FunctionTool, request: ChatRequest, behaviour: Behaviour, mistakeDraw: number, kindDraw: number, keyDraw: number) {
  const parameters = tool.function.parameters ?? {};
  const properties = (parameters.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(parameters.required) ? (parameters.required as string[]) : [];
  const asked = askedValues(request);
  const args: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(properties)) if (asked.has(key) || required.includes(key)) args[key] = valueFor(schema, asked.get(key));
  const names = Object.keys(properties);
  let mistake: Mistake | null = null;
  if (names.length >= behaviour.longSchema && mistakeDraw < behaviour.mistakeRate) {
    if (required.length > 0 && kindDraw < 0.5) {
      delete args[required[Math.floor(keyDraw * required.length)]!];
      mistake = 'omitted_required';
    } else {
      const key = names[Math.floor(keyDraw * names.length)]!;
      args[invented(key)] = args[key] ?? valueFor(properties[key]!, undefined);
      mistake = 'invented_key';
    }
  }
  return { args, mistake };
}

/** The key a model writes for one it half remembers: `startDate` as `start_date`, `limit` as `limit_value`. */
function invented(key: string): string {
  const snake = key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return snake !== key ? snake : `${key}_value`;
}

const LIST_OPS = 'list_ops';

/** A router's ops, from its schema's op enum (list_ops aside); none for a tool that is no router. */
function opsOf(tool: FunctionTool): string[] {
  const op = (tool.function.parameters?.properties as Record<string, { enum?: unknown[] }> | undefined)?.op;
  const ops = Array.isArray(op?.enum) ? op.enum.filter((o): o is string => typeof o === 'string') : [];
  return ops.includes(LIST_OPS) ? ops.filter((o) => o !== LIST_OPS) : [];
}

/** The op whose name and note (its line of the router's description, or list_ops' answer) share most words with the prompt. */
function bestOp(ops: { op: string; note: string }[], prompt: Set<string>): string {
  const scored = ops.map(({ op, note }, i) => ({ op, i, score: scoreOf({ type: 'function', function: { name: op, description: note } }, prompt) }));
  return scored.sort((a, b) => b.score - a.score || a.i - b.i)[0]?.op ?? '';
}

/** The ops as the router's description lists them, one `op: note` a line. */
function describedOps(router: FunctionTool, ops: string[]): { op: string; note: string }[] {
  const lines = (router.function.description ?? '').split('\n');
  return ops.map((op) => ({ op, note: lines.find((l) => l.startsWith(`${op}: `))?.slice(op.length + 2) ?? '' }));
}

/** An op this model half remembers: the right op's noun after a verb of its own (`add_label` for `create_label`), never a real op. */
const GUESSED_VERBS = ['add', 'new', 'make', 'fetch', 'show', 'read', 'do', 'set'];
function guessedOp(right: string, ops: string[], nth: number): string {
  const noun = right.includes('_') ? right.slice(right.indexOf('_') + 1) : right;
  const guesses = GUESSED_VERBS.map((verb) => `${verb}_${noun}`).filter((g) => !ops.includes(g));
  return guesses[nth % guesses.length] ?? `${right}_op`;
}

/** The router's answers so far: each call of it with its op, and the text of the answer it got. */
function exchangesWith(request: ChatRequest, router: string): { op: unknown; answer: string | null }[] {
  return request.messages.flatMap((m) =>
    (m.role === 'assistant' ? (m.tool_calls ?? []) : [])
      .filter((c) => c.function.name === router)
      .map((c) => ({
        op: (JSON.parse(c.function.arguments || '{}') as { op?: unknown }).op,
        answer: request.messages.find((r) => r.role === 'tool' && r.tool_call_id === c.id)?.content ?? null,
      })),
  );
}

/** The texts of a tool result as the bake-off sends it (the result's JSON), each read as JSON where it is. */
function answerParts(answer: string): unknown[] {
  const read = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  const content = (read(answer) as { content?: { text?: string }[] } | null)?.content ?? [];
  return content.map((c) => read(c.text ?? ''));
}

function routerCall(router: FunctionTool, op: string, args: Record<string, unknown>): Decision {
  return { kind: 'call', name: router.function.name, arguments: JSON.stringify({ op, arguments: args }), wandered: false, mistake: null };
}

/** The op's arguments: from its input schema where list_ops gave it, else the prompt's key=value pairs as they are. */
function opArguments(request: ChatRequest, schema: Record<string, unknown> | null, behaviour: Behaviour): Record<string, unknown> {
  if (!schema) return Object.fromEntries(askedValues(request));
  return argumentsFor({ type: 'function', function: { name: 'op', parameters: schema } }, request, { ...behaviour, mistakeRate: 0 }, 1, 1, 1).args;
}

/**
 * A router, as a model that half remembers ops: its first call names the right op (the one whose
 * line shares most words with the prompt), or with wrongOpRate a made-up one. After a wrong op
 * it follows the answer's suggested_action when that says to call list_ops, and after list_ops
 * calls the op list_ops' notes point to, with arguments from its schema; without a suggestion it
 * reads the op enum (rereadRate) or guesses again. After a right op's answer it is done.
 */
function routerDecision(request: ChatRequest, router: FunctionTool, prompt: Set<string>, behaviour: Behaviour, draw: number): Decision {
  const name = router.function.name;
  const ops = opsOf(router);
  const right = bestOp(describedOps(router, ops), prompt);
  const exchanges = exchangesWith(request, name);
  if (exchanges.some((e) => typeof e.op === 'string' && ops.includes(e.op))) return { kind: 'answer', content: `Done: ${name} answered.`, reason: 'done' };
  const last = exchanges.at(-1);
  const wrongSoFar = exchanges.filter((e) => e.op !== LIST_OPS).length;
  if (!last?.answer)
    return draw < behaviour.wrongOpRate ? routerCall(router, guessedOp(right, ops, 0), {}) : routerCall(router, right, opArguments(request, null, behaviour));
  const parts = answerParts(last.answer);
  if (last.op === LIST_OPS) {
    const listed = (parts[0] as { ops?: { op: string; note: string; inputSchema: Record<string, unknown> }[] }).ops ?? [];
    const op = bestOp(listed, prompt);
    return routerCall(router, op, opArguments(request, listed.find((o) => o.op === op)?.inputSchema ?? null, behaviour));
  }
  const envelope = parts.find((p): p is { suggested_action?: string } => typeof p === 'object' && p !== null && 'error_code' in p);
  if (envelope?.suggested_action?.includes(`op="${LIST_OPS}"`)) return routerCall(router, LIST_OPS, {});
  if (draw < behaviour.rereadRate) return routerCall(router, right, opArguments(request, null, behaviour));
  return routerCall(router, guessedOp(right, ops, wrongSoFar), {});
}
