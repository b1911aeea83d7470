/**
 * The tool searches that clients and providers put in front of deferred MCP tools, as data: the
 * tool the model calls, how it ranks, and how many tools one search loads. Every entry says where
 * it comes from; what nobody has published is stated as unknown rather than guessed.
 */
export const SEARCH_METHODS = ['bm25', 'regex', 'embeddings', 'keywords', 'unknown'] as const;
export type SearchMethod = (typeof SEARCH_METHODS)[number];

export const TOOL_SEARCH_IDS = ['claude-code', 'codex', 'vscode', 'anthropic-bm25', 'anthropic-regex', 'openai'] as const;
export type ToolSearchId = (typeof TOOL_SEARCH_IDS)[number];

export interface ToolSearch {
  id: ToolSearchId;
  /** The tool the model calls to search, as the client or provider names it. */
  tool: string;
  method: SearchMethod;
  /** Tools one search loads: the usual count, and the most it loads. */
  results: { usual: number; max: number };
  /** What the search reads of each deferred tool. */
  reads: string;
  /** Whether favindex can run the same ranking itself (BM25 and regex it can; embeddings and unpublished methods only approximately). */
  reproducible: boolean;
  source: string;
}

export const TOOL_SEARCHES: Record<ToolSearchId, ToolSearch> = {
  'claude-code': {
    id: 'claude-code',
    tool: 'ToolSearch',
    // "select:NameA,NameB" loads by exact name; otherwise keywords, "3–5 most relevant tools are loaded".
    method: 'keywords',
    results: { usual: 3, max: 5 },
    reads: 'tool names and descriptions (its ranking is not published)',
    reproducible: false,
    source: 'code.claude.com/docs/en/agent-sdk/tool-search; anthropics/claude-code#31002, #80499',
  },
  codex: {
    id: 'codex',
    tool: 'tool_search',
    method: 'bm25',
    // TOOL_SEARCH_DEFAULT_LIMIT = 8; the model may ask for another limit.
    results: { usual: 8, max: 8 },
    reads: 'deferred tool metadata: name, description and the server it belongs to',
    reproducible: true,
    source: 'openai/codex codex-rs/tools/src/tool_discovery.rs (TOOL_SEARCH_DEFAULT_LIMIT = 8), PR #29486',
  },
  vscode: {
    id: 'vscode',
    tool: 'tool_search',
    // Client-side embeddings, cosine similarity, "returns 3–5".
    method: 'embeddings',
    results: { usual: 3, max: 5 },
    reads: 'an embedding of each tool (name and description)',
    reproducible: false,
    source: 'microsoft/vscode-docs blogs/2026/04/24/solving-mcp-tool-overload.md',
  },
  'anthropic-bm25': {
    id: 'anthropic-bm25',
    tool: 'tool_search_tool_bm25_20251119',
    method: 'bm25',
    results: { usual: 3, max: 5 },
    reads: 'names, descriptions, argument names and argument descriptions',
    reproducible: true,
    source: 'platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool',
  },
  'anthropic-regex': {
    id: 'anthropic-regex',
    tool: 'tool_search_tool_regex_20251119',
    // Python re.search over the same fields; a query is at most 200 characters.
    method: 'regex',
    results: { usual: 3, max: 5 },
    reads: 'names, descriptions, argument names and argument descriptions',
    reproducible: true,
    source: 'platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool',
  },
  openai: {
    id: 'openai',
    tool: 'tool_search',
    method: 'unknown',
    results: { usual: 0, max: 0 },
    reads: 'names and descriptions of deferred functions and namespaces (hosted; its ranking and result count are not published)',
    reproducible: false,
    source: 'developers.openai.com/api/docs/guides/tools-tool-search',
  },
};
