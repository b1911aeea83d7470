/**
 * What the scripted model does with one chat-completions request, as a pure function of it, so
 * a test can compute the exact metrics a bake-off should report. It picks the tool whose name
 * and description share most words with the user's turns; on a long list it may first call the
 * runner-up (wander); on a tool with a long schema it may invent a key or leave a required one
 * out; after a tool result it calls the target, and after the target's result it answers.
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
}

export const DEFAULT_BEHAVIOUR: Behaviour = { quietList: 5, wanderPerTool: 0.02, maxWander: 0.8, longSchema: 6, mistakeRate: 0.5 };

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
  const [wanderDraw, mistakeDraw, kindDraw, keyDraw] = [random(), random(), random(), random()];
  const prompt = wordsOf(
    request.messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content ?? '')
      .join(' '),
  );
  const ranked = tools.map((tool, i) => ({ tool, i, score: scoreOf(tool, prompt) })).sort((a, b) => b.score - a.score || a.i - b.i);
  const target = ranked[0];
  if (!target || target.score === 0) return { kind: 'answer', content: 'None of these tools does that.', reason: 'no_tool' };
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
