/**
 * What each client shows the model of each MCP tool, as data beside its naming rules
 * (lib/names/client-rules.ts): the schema up front (`full`), the name only until a search loads it (`name`), or
 * nothing but a namespace, source line or virtual group (`hidden`). Which level applies depends
 * on the model and on settings; every one of those is a preview option, every fact carries its
 * source, and what nobody has published is stated as unknown.
 */
import type { ClientFact, ClientId } from './clients';

export const VISIBILITY_LEVELS = ['full', 'name', 'hidden'] as const;
export type Visibility = (typeof VISIBILITY_LEVELS)[number];

export const MODEL_FAMILIES = ['claude', 'claude-legacy', 'gpt', 'gpt-legacy', 'gemini', 'other'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

export const MODEL_LABELS: Record<ModelFamily, string> = {
  claude: 'Claude 4.5 or later',
  'claude-legacy': 'Claude before 4.5',
  gpt: 'GPT-5.4 or later',
  'gpt-legacy': 'GPT before 5.4',
  gemini: 'Gemini',
  other: 'Another model',
};

/** Claude Code's ENABLE_TOOL_SEARCH: unset or true (`on`), `auto` / `auto:N`, or `false` (`off`). */
export const CLAUDE_TOOL_SEARCH = ['on', 'auto', 'off'] as const;
export type ClaudeToolSearch = (typeof CLAUDE_TOOL_SEARCH)[number];

/** The tool search a caller of the raw API adds itself. */
export const PROVIDER_SEARCHES = ['none', 'anthropic-bm25', 'anthropic-regex', 'openai'] as const;
export type ProviderSearch = (typeof PROVIDER_SEARCHES)[number];

export const PROVIDER_SEARCH_LABELS: Record<ProviderSearch, string> = {
  none: 'No tool search',
  'anthropic-bm25': 'Anthropic tool search (BM25)',
  'anthropic-regex': 'Anthropic tool search (regex)',
  openai: 'OpenAI tool_search',
};

/** Everything besides the tools that decides what a client defers. */
export interface DeferralSettings {
  model: ModelFamily;
  toolSearch: ClaudeToolSearch;
  /** `auto:N`: defer once MCP tool definitions pass N % of the context window. */
  toolSearchPercent: number;
  /** The context window `auto` measures against, in tokens: an assumption the user can change. */
  contextWindow: number;
  /** `"alwaysLoad": true` on the server in .mcp.json (Claude Code). */
  serverAlwaysLoad: boolean;
  providerSearch: ProviderSearch;
}

export type DeferralSetting = 'model' | 'toolSearch' | 'toolSearchPercent' | 'contextWindow' | 'serverAlwaysLoad' | 'providerSearch';

/** Claude Code's `auto` threshold when no N is given (code.claude.com/docs/en/mcp, "Configure tool search"). */
export const CLAUDE_AUTO_PERCENT = 10;
/** The context window assumed for `auto`: Claude's standard 200,000 tokens (the 1M window is opt-in). An assumption. */
export const ASSUMED_CONTEXT_WINDOW = 200_000;
/** Claude Code cuts tool descriptions and server instructions here (CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH, v2.1.280+). */
export const CLAUDE_CODE_DESCRIPTION_LIMIT = 2_048;

export interface ClientDeferral {
  /** The model families the client runs, the one a user gets today first; empty when the model changes nothing. */
  models: readonly ModelFamily[];
  /** The settings that change what this client defers: the preview shows these controls only for it. */
  settings: readonly DeferralSetting[];
  facts: readonly ClientFact[];
}

const fact = (text: string, source: string): ClientFact => ({ text, known: true, source });
const unknown = (text: string): ClientFact => ({ text, known: false });

export const CLIENT_DEFERRAL: Record<ClientId, ClientDeferral> = {
  raw: {
    models: [],
    settings: ['providerSearch'],
    facts: [
      fact(
        'With Anthropic tool search every tool not marked alwaysLoad is sent with defer_loading: true and not shown until a search finds it.',
        'platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool',
      ),
      fact('Anthropic refuses a request in which every tool is deferred: "At least one tool must have defer_loading=false".', 'microsoft/vscode#311946'),
      fact(
        'With OpenAI tool_search a deferred function still shows its name and description; its parameters load when found (gpt-5.4 and later).',
        'developers.openai.com/api/docs/guides/tools-tool-search',
      ),
      unknown('Whether deferred tools count toward a provider’s cap on tools (OpenAI’s 128) is not known: the cap is checked against the tools sent in full.'),
      unknown('How many tools one OpenAI tool_search loads is not published.'),
    ],
  },
  'claude-code': {
    models: ['claude', 'claude-legacy'],
    settings: ['model', 'toolSearch', 'toolSearchPercent', 'contextWindow', 'serverAlwaysLoad'],
    facts: [
      fact(
        'ENABLE_TOOL_SEARCH unset or true: every MCP tool is deferred; the model sees its name in <available-deferred-tools> until ToolSearch loads it.',
        'code.claude.com/docs/en/mcp ("Configure tool search"); anthropics/claude-code#80499, #31002',
      ),
      fact('A tool marked _meta["anthropic/alwaysLoad"]: true keeps its schema loaded.', 'code.claude.com/docs/en/mcp'),
      fact(
        'auto / auto:N: tools are deferred only when MCP tool definitions pass N % (default 10) of the context window; false loads every tool.',
        'code.claude.com/docs/en/mcp',
      ),
      fact('"alwaysLoad": true on a server in .mcp.json loads all of its tools.', 'code.claude.com/docs/en/mcp'),
      fact('Models before Claude 4.5 take no tool_reference blocks: every tool is loaded.', 'code.claude.com/docs/en/agent-sdk/tool-search'),
      fact('Tool descriptions are cut at 2,048 characters (CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH).', 'anthropics/claude-code CHANGELOG v2.1.280'),
      fact('One search loads the 3–5 most relevant tools, which stay loaded.', 'code.claude.com/docs/en/agent-sdk/tool-search'),
      unknown(`The context window auto measures against: ${ASSUMED_CONTEXT_WINDOW.toLocaleString('en-GB')} tokens is assumed (change it below).`),
      unknown('The size of ToolSearch’s own definition, which is always loaded: not counted.'),
    ],
  },
  'claude-desktop': {
    models: [],
    settings: [],
    facts: [unknown('Whether Claude Desktop defers MCP tools is not known: every tool is shown with its schema.')],
  },
  codex: {
    models: ['gpt', 'gpt-legacy'],
    settings: ['model'],
    facts: [
      fact(
        'With a model that supports tool search (GPT-5.4 and later) every MCP tool is deferred behind tool_search; the model sees one source line per server (its key and description).',
        'openai/codex PR #29486; codex-rs/tools/src/tool_registry_plan.rs',
      ),
      fact(
        'tool_search ranks deferred tools with BM25 and loads 8 by default.',
        'openai/codex codex-rs/tools/src/tool_discovery.rs (TOOL_SEARCH_DEFAULT_LIMIT = 8)',
      ),
      fact('Older models get every tool with its schema.', 'openai/codex PR #29486'),
      unknown('Whether Codex reads _meta["anthropic/alwaysLoad"] is not known: favourites are shown deferred like the rest.'),
      unknown('What the server’s source line says (its instructions, reportedly): counted as the server key and the instruction.'),
    ],
  },
  cursor: {
    models: [],
    settings: [],
    facts: [
      fact(
        'Dynamic context discovery: the agent gets the name of every MCP tool and looks its details up in files synced per server.',
        'cursor.com/blog/dynamic-context-discovery (January 2026)',
      ),
      unknown('Whether the 40-tool limit still applies with names only is not known (2026 reports say 80 or 100): the preview keeps it.'),
      unknown('How much one lookup reads is not known: no figure per search.'),
    ],
  },
  'vscode-copilot': {
    models: ['gpt', 'claude', 'gemini', 'gpt-legacy', 'claude-legacy', 'other'],
    settings: ['model'],
    facts: [
      fact(
        'With Claude 4.5+ or GPT-5.4+ MCP tools are sent with defer_loading: the model sees the name only until tool_search finds it; about 30 core agent tools stay loaded.',
        'microsoft/vscode-docs blogs/2026/04/24/solving-mcp-tool-overload.md',
      ),
      fact('tool_search is client-side embeddings (cosine) and returns 3–5 tools.', 'microsoft/vscode-docs blogs/2026/04/24/solving-mcp-tool-overload.md'),
      fact(
        'Other models (Gemini among them) get virtual-tool grouping: it turns on past 128 tools (chat.virtualTools.threshold = HARD_TOOL_LIMIT) and groups until about 64 remain (START_GROUPING_AFTER_TOOL_COUNT = HARD_TOOL_LIMIT / 2).',
        'microsoft/vscode-copilot-chat src/extension/tools/common/virtualTools (virtualToolsConstants.ts, virtualToolGrouping.ts); microsoft/vscode#322784',
      ),
      unknown('Which tools grouping hides is VS Code’s own choice: the preview marks those past the 128th.'),
      unknown('Which model "Auto" picks is not known: GPT-5.4 or later is assumed.'),
      unknown('Whether VS Code reads _meta["anthropic/alwaysLoad"] is not known: favourites are shown deferred like the rest.'),
    ],
  },
  'copilot-cli': {
    models: ['claude', 'gpt', 'other'],
    settings: ['model'],
    facts: [
      fact(
        'Deferral is decided by GitHub’s servers and was seen only for Anthropic models (178 tools: 21.6k input tokens with Claude, 47.6k with GPT-5.4).',
        'github/copilot-cli#4588; github/app#3172',
      ),
      unknown('Which search tool the CLI gives the model and how many tools it loads is not known (unverified: server-gated).'),
      unknown('Whether deferral applies to every Claude model or account is not known.'),
    ],
  },
  'gemini-cli': {
    models: ['gemini'],
    settings: [],
    facts: [
      fact('Every MCP tool is sent with its schema: the Gemini API has no defer_loading.', 'googleapis/js-genai#1416; google-gemini/gemini-cli#17322'),
      fact('Server instructions are appended to the system prompt.', 'google-gemini/gemini-cli docs/tools/mcp-server.md'),
    ],
  },
};
