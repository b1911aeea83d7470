import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { FUNCTION_DEFINITION_TOKEN_OVERHEAD, formatFunctionDefinitions, type ChatCompletionFunctionDefinition } from 'gpt-tokenizer/functionCalling';
import type { TokenMethodId } from './targets';
import type { ListedTool, ToolBody } from './types';
import { kept } from '@/lib/kept';

/** Anthropic's tool-use system prompt for tool_choice auto/none (Claude 3.5 Sonnet (Oct) and later). */
export const ANTHROPIC_TOOL_USE_OVERHEAD = 346;

export const TOKEN_METHODS: Record<TokenMethodId, string> = {
  'openai-functions':
    'o200k_base (gpt-tokenizer): each tool rendered as OpenAI renders functions to the model (a TypeScript-like `namespace functions`), counted per tool, plus the namespace wrapper and 9 tokens per request',
  'anthropic-tools': `o200k_base (gpt-tokenizer) over each tool's JSON {name, description, input_schema}, plus Anthropic's ${ANTHROPIC_TOOL_USE_OVERHEAD}-token tool-use system prompt (tool_choice auto); an approximation, Claude's tokenizer differs`,
};

export interface TokenEstimate {
  tokens: number;
  method: TokenMethodId;
  /** Agent tools given as a count have no definition to count. */
  placeholdersExcluded: number;
}

let openaiWrapper: number | null = null;
/** The `namespace functions { … }` lines around the definitions. */
function openaiWrapperTokens(): number {
  openaiWrapper ??= countTokens(formatFunctionDefinitions([]));
  return openaiWrapper;
}

function openaiToolTokens(name: string, body: ToolBody): number {
  // gpt-tokenizer only counts these fields; its type wants a narrower parameters shape than a tool's JSON Schema.
  const fn = { name, description: body.description, parameters: body.inputSchema } as unknown as ChatCompletionFunctionDefinition;
  // Each definition is its own run of lines, so counting them one at a time adds up to the whole.
  return countTokens(formatFunctionDefinitions([fn])) - openaiWrapperTokens();
}

function anthropicToolTokens(name: string, body: ToolBody): number {
  return countTokens(JSON.stringify({ name, description: body.description ?? '', input_schema: body.inputSchema }));
}

/**
 * Names whose tokens are counted apart from the rest of their definition: ASCII letters and
 * digits at both ends, `_ . / : -` between. o200k_base splits a text into pieces by a regex and
 * counts each piece on its own; such a name never shares a piece with the text around it (in
 * `type <name> = (` the space before it joins its first piece, in `{"name":"<name>","` the quote
 * before it joins `":"`), so a definition's tokens are its tokens under any other such name, less
 * that name's, plus this one's. token-names.test.ts checks the sum against the count of the whole.
 */
const PLAIN_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9_./:-]*[A-Za-z0-9])?$/;
/** The name the rest of a definition is counted under. */
const STAND_IN = 'x';

function wholeTokens(name: string, body: ToolBody, method: TokenMethodId): number {
  return method === 'openai-functions' ? openaiToolTokens(name, body) : anthropicToolTokens(name, body);
}

interface BodyTokens {
  /** A definition's tokens but its name's, per method: the same under every plain name. */
  rest: Partial<Record<TokenMethodId, number>>;
  /** Counts per method and name, for names that are not plain. */
  byName: Record<TokenMethodId, Map<string, number>>;
}

const MAX_NAMES_PER_BODY = 128;
/** Token counts per tool body: a catalog's bodies live as long as its prepared catalog. */
const perTool = new WeakMap<ToolBody, BodyTokens>();

function tokensOf(body: ToolBody): BodyTokens {
  return kept(perTool, body, (): BodyTokens => ({ rest: {}, byName: { 'openai-functions': new Map(), 'anthropic-tools': new Map() } }));
}

/**
 * Where a plain name splits into segments counted apart: before each run of `_ . / : -` that
 * follows a letter or digit, and after each such run of two or more that a letter or digit
 * follows. o200k_base cuts a text into pieces by a regex and counts each piece on its own, and
 * no piece of a plain name spans these places (a piece is letters with at most one mark before
 * them, up to three digits, or a run of marks), so the name's tokens are its segments' tokens
 * added up. A client's name (`mcp__favindex__` or `mcp_favindex_` and the presented name) then
 * costs the counts of segments every other name shares: `mcp`, `_favindex`, `_create`, `_issue`.
 */
const SEGMENT_BOUNDARY = /(?<=[A-Za-z0-9])(?=[_./:-])|(?<=[_./:-]{2})(?=[A-Za-z0-9])/;

/**
 * Counts kept by text: segments' tokens (alone, or the first of a name after a space), and
 * whole plain names' (alone, and after a space), so a name asked again is one lookup by the
 * string the tool already holds. Cleared when full: the names and segments of a 50,000-tool
 * catalog through a few clients.
 */
const MAX_COUNTED = 400_000;
const segments = new Map<string, number>();
const names = { alone: new Map<string, number>(), spaced: new Map<string, number>() };

function countOnce(map: Map<string, number>, text: string, count: () => number): number {
  let n = map.get(text);
  if (n === undefined) {
    n = count();
    if (map.size >= MAX_COUNTED) map.clear();
    map.set(text, n);
  }
  return n;
}

const segmentTokens = (segment: string) => countOnce(segments, segment, () => countTokens(segment));

/** A plain name's own tokens, alone (in Anthropic's JSON, in a list of names) or after a space (OpenAI's rendering). */
function plainNameTokens(name: string, spaced: boolean): number {
  return countOnce(spaced ? names.spaced : names.alone, name, () => {
    let count = 0;
    for (const [i, segment] of name.split(SEGMENT_BOUNDARY).entries()) count += segmentTokens(i === 0 && spaced ? ` ${segment}` : segment);
    return count;
  });
}

/** A plain name's own piece of the text: after the space OpenAI's rendering puts before it, or alone in its JSON string. */
function namePieceTokens(name: string, method: TokenMethodId): number {
  return plainNameTokens(name, method === 'openai-functions');
}

/** A definition's tokens but its name's (the costly part of a tool's count, the same under every plain name), counted once per body and method. */
function restTokens(tokens: BodyTokens, body: ToolBody, method: TokenMethodId): number {
  tokens.rest[method] ??= wholeTokens(STAND_IN, body, method) - namePieceTokens(STAND_IN, method);
  return tokens.rest[method];
}

/** Counts what every plain name of this tool's definition shares, ahead of the first count that needs it (a warm-up). */
export function countDefinitionAhead(body: ToolBody, method: TokenMethodId): void {
  restTokens(tokensOf(body), body, method);
}

/** A tool's tokens under a name: a plain name's own added to what its definition's other parts count (kept per body), any other name's counted whole (kept per body and name). */
export function toolTokens(name: string, body: ToolBody, method: TokenMethodId): number {
  const tokens = tokensOf(body);
  if (PLAIN_NAME.test(name)) return restTokens(tokens, body, method) + namePieceTokens(name, method);
  const byName = tokens.byName[method];
  let count = byName.get(name);
  if (count === undefined) {
    count = wholeTokens(name, body, method);
    if (byName.size >= MAX_NAMES_PER_BODY) byName.clear();
    byName.set(name, count);
  }
  return count;
}

let newline: number | null = null;

/**
 * The tokens of tools' names one a line (the deferred tools a client lists by name). Plain names
 * never share a piece with the newline between them (it is a piece of its own), so the count is
 * each name's, from its segments' kept counts, plus the newlines'; a list with any other name is
 * counted whole.
 */
export function nameListTokens(tools: readonly { name: string; body: ToolBody }[]): number {
  if (tools.length === 0) return 0;
  let count = 0;
  for (const tool of tools) {
    if (!PLAIN_NAME.test(tool.name)) return countTokens(tools.map((t) => t.name).join('\n'));
    count += plainNameTokens(tool.name, false);
  }
  newline ??= countTokens('\n');
  return count + (tools.length - 1) * newline;
}

/** Estimated input tokens of a tool list as the target bills it. */
export function estimateTokens(tools: readonly ListedTool[], method: TokenMethodId): TokenEstimate {
  let tokens = 0;
  let counted = 0;
  let placeholdersExcluded = 0;
  for (const tool of tools) {
    if (tool.placeholder) {
      placeholdersExcluded++;
      continue;
    }
    tokens += toolTokens(tool.name, tool.body, method);
    counted++;
  }
  if (counted > 0) tokens += listOverheadTokens(method);
  return { tokens, method, placeholdersExcluded };
}

/** What a request with any tools at all costs besides their definitions: OpenAI's namespace wrapper, Anthropic's tool-use prompt. */
export function listOverheadTokens(method: TokenMethodId): number {
  return method === 'openai-functions' ? openaiWrapperTokens() + FUNCTION_DEFINITION_TOKEN_OVERHEAD : ANTHROPIC_TOOL_USE_OVERHEAD;
}
