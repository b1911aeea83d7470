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

const MAX_NAMES_PER_BODY = 128;
/** Token counts per tool body, method and presented name: a catalog's bodies live as long as its prepared catalog. */
const perTool = new WeakMap<ToolBody, Record<TokenMethodId, Map<string, number>>>();

export function toolTokens(name: string, body: ToolBody, method: TokenMethodId): number {
  const byName = kept(perTool, body, () => ({ 'openai-functions': new Map(), 'anthropic-tools': new Map() }))[method];
  const hit = byName.get(name);
  if (hit !== undefined) return hit;
  const count = method === 'openai-functions' ? openaiToolTokens(name, body) : anthropicToolTokens(name, body);
  if (byName.size >= MAX_NAMES_PER_BODY) byName.clear();
  byName.set(name, count);
  return count;
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
