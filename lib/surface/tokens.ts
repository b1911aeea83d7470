import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { FUNCTION_DEFINITION_TOKEN_OVERHEAD, formatFunctionDefinitions, type ChatCompletionFunctionDefinition } from 'gpt-tokenizer/functionCalling';
import { type NameTokens, nameTokensOf } from './name-tokens';
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
 * The name the rest of a definition is counted under: a plain name's tokens never share a piece
 * with the text around them (name-tokens.ts), so a definition's tokens are its tokens under any
 * other plain name, less that name's, plus this one's. token-names.test.ts checks the sum
 * against the count of the whole.
 */
const STAND_IN = 'x';

function wholeTokens(name: string, body: ToolBody, method: TokenMethodId): number {
  return method === 'openai-functions' ? openaiToolTokens(name, body) : anthropicToolTokens(name, body);
}

interface BodyTokens {
  /** A definition's tokens but its name's, per method: the same under every plain name. */
  rest: Partial<Record<TokenMethodId, number>>;
  /** Counts per method and name, for names that are not plain (made on the first such name). */
  byName?: Record<TokenMethodId, Map<string, number>>;
}

const MAX_NAMES_PER_BODY = 128;
/** Token counts per tool body: a catalog's bodies live as long as its prepared catalog. */
const perTool = new WeakMap<ToolBody, BodyTokens>();

function tokensOf(body: ToolBody): BodyTokens {
  return kept(perTool, body, (): BodyTokens => ({ rest: {} }));
}

/** A listed tool that may hold its name's NameTokens (a tool through a client does). */
export interface CountedTool {
  name: string;
  body: ToolBody;
  nameTokens?: NameTokens;
}

const nameTokensOfTool = (tool: CountedTool) => tool.nameTokens ?? nameTokensOf(tool.name);

/** A definition's tokens but its name's (the costly part of a tool's count, the same under every plain name), counted once per body and method. */
function restTokens(tokens: BodyTokens, body: ToolBody, method: TokenMethodId): number {
  tokens.rest[method] ??= wholeTokens(STAND_IN, body, method) - nameTokensOf(STAND_IN).piece(method);
  return tokens.rest[method];
}

/** Counts what every plain name of this tool's definition shares, ahead of the first count that needs it (a warm-up). */
export function countDefinitionAhead(body: ToolBody, method: TokenMethodId): void {
  restTokens(tokensOf(body), body, method);
}

/**
 * A tool's tokens under a name (its text, or its NameTokens when the caller holds them): a plain
 * name's own added to what its definition's other parts count (kept per body), any other name's
 * counted whole (kept per body and name).
 */
export function toolTokens(name: string | NameTokens, body: ToolBody, method: TokenMethodId): number {
  const counted = typeof name === 'string' ? nameTokensOf(name) : name;
  const tokens = tokensOf(body);
  if (counted.plain) return restTokens(tokens, body, method) + counted.piece(method);
  tokens.byName ??= { 'openai-functions': new Map(), 'anthropic-tools': new Map() };
  const byName = tokens.byName[method];
  let count = byName.get(counted.name);
  if (count === undefined) {
    count = wholeTokens(counted.name, body, method);
    if (byName.size >= MAX_NAMES_PER_BODY) byName.clear();
    byName.set(counted.name, count);
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
export function nameListTokens(tools: readonly CountedTool[]): number {
  if (tools.length === 0) return 0;
  let count = 0;
  for (const tool of tools) {
    const counted = nameTokensOfTool(tool);
    if (!counted.plain) return countTokens(tools.map((t) => t.name).join('\n'));
    count += counted.aloneTokens();
  }
  newline ??= countTokens('\n');
  return count + (tools.length - 1) * newline;
}

/** Estimated input tokens of a tool list as the target bills it. */
export function estimateTokens(tools: readonly (ListedTool & CountedTool)[], method: TokenMethodId): TokenEstimate {
  let tokens = 0;
  let counted = 0;
  let placeholdersExcluded = 0;
  for (const tool of tools) {
    if (tool.placeholder) {
      placeholdersExcluded++;
      continue;
    }
    tokens += toolTokens(nameTokensOfTool(tool), tool.body, method);
    counted++;
  }
  if (counted > 0) tokens += listOverheadTokens(method);
  return { tokens, method, placeholdersExcluded };
}

/** What a request with any tools at all costs besides their definitions: OpenAI's namespace wrapper, Anthropic's tool-use prompt. */
export function listOverheadTokens(method: TokenMethodId): number {
  return method === 'openai-functions' ? openaiWrapperTokens() + FUNCTION_DEFINITION_TOKEN_OVERHEAD : ANTHROPIC_TOOL_USE_OVERHEAD;
}
