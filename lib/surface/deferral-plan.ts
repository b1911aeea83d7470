import type { ClientId } from './clients';
import {
  ASSUMED_CONTEXT_WINDOW,
  CLAUDE_AUTO_PERCENT,
  CLAUDE_CODE_DESCRIPTION_LIMIT,
  CLIENT_DEFERRAL,
  MODEL_LABELS,
  type DeferralSettings,
  type ModelFamily,
  type ProviderSearch,
  type Visibility,
} from './deferral';
import type { ToolSearchId } from './tool-search';
import { itemAt } from '@/lib/arrays';

/** What a client does with the MCP tools of one view: the level of a deferred tool, and what keeps one loaded. */
export interface DeferralPlan {
  /** The level of a tool that is not kept loaded; null: every tool is sent in full. */
  deferred: Exclude<Visibility, 'full'> | null;
  /** Why deferred tools are deferred, or why every tool is full. */
  why: string;
  /** A tool marked alwaysLoad stays `full`. */
  honoursAlwaysLoad: boolean;
  /** The caller defers every tool, the agent's own among them (the raw API with provider search). */
  agentToolsToo: boolean;
  /** A deferred tool shows its description beside its name (OpenAI). */
  nameWithDescription: boolean;
  /** The model sees the server's key and description once, for all its tools (Codex). */
  sourceLine: boolean;
  search: ToolSearchId | null;
  /** The provider refuses a request in which nothing is loaded (Anthropic). */
  oneMustLoad: boolean;
  /** Past this, descriptions are cut (Claude Code). */
  descriptionLimit: number | null;
  /** VS Code groups past its cap only for models it does not defer for. */
  clientCapApplies: boolean;
  /** Tools the client always loads besides the list, whose size is not known. */
  alsoLoaded: string | null;
}

const ALL_FULL = {
  deferred: null,
  honoursAlwaysLoad: false,
  agentToolsToo: false,
  nameWithDescription: false,
  sourceLine: false,
  search: null,
  oneMustLoad: false,
  descriptionLimit: null,
  clientCapApplies: true,
  alsoLoaded: null,
} as const satisfies Omit<DeferralPlan, 'why'>;

const full = (why: string, extra: Partial<DeferralPlan> = {}): DeferralPlan => ({ ...ALL_FULL, why, ...extra });
const defer = (deferred: DeferralPlan['deferred'], why: string, extra: Partial<DeferralPlan>): DeferralPlan => ({ ...ALL_FULL, deferred, why, ...extra });

/** The client's model as the query gives it, else the one its users get today; a family it does not run falls back to that too. */
export function modelFor(client: ClientId, asked: ModelFamily | undefined): ModelFamily | null {
  const { models } = CLIENT_DEFERRAL[client];
  if (models.length === 0) return null;
  return asked && models.includes(asked) ? asked : itemAt(models, 0);
}

/**
 * What the client defers in this view. `mcpDefinitionTokens` is what every MCP tool's definition
 * costs in full: Claude Code's `auto` compares it with its share of the context window.
 */
export function deferralPlan(client: ClientId, settings: DeferralSettings, mcpDefinitionTokens: number): DeferralPlan {
  switch (client) {
    case 'raw':
      return rawPlan(settings.providerSearch);
    case 'claude-code':
      return claudeCodePlan(settings, mcpDefinitionTokens);
    case 'codex':
      return settings.model === 'gpt'
        ? defer('hidden', 'Codex defers every MCP tool behind tool_search: the model sees only the server’s source line', { sourceLine: true, search: 'codex' })
        : full('Codex loads every tool for models before GPT-5.4');
    case 'vscode-copilot':
      return settings.model === 'claude' || settings.model === 'gpt'
        ? defer('name', `VS Code sends MCP tools with defer_loading for ${MODEL_LABELS[settings.model]}: the name only until tool_search finds it`, {
            search: 'vscode',
            clientCapApplies: false,
          })
        : full(`VS Code does not defer for ${MODEL_LABELS[settings.model]}: it groups tools past its threshold instead`);
    case 'copilot-cli':
      return settings.model === 'claude'
        ? defer('name', 'Copilot CLI defers MCP tools for Anthropic models (server-gated, unverified): the name only', {})
        : full(`Copilot CLI was seen deferring only for Anthropic models: every tool is loaded for ${MODEL_LABELS[settings.model]}`);
    case 'cursor':
      return defer('name', 'Cursor gives the agent the names of MCP tools and looks their details up in files', {});
    case 'claude-desktop':
      return full('Whether Claude Desktop defers is not known: shown loaded');
    case 'gemini-cli':
      return full('Gemini CLI sends every tool with its schema');
  }
}

function rawPlan(search: ProviderSearch): DeferralPlan {
  if (search === 'none') return full('No tool search: every tool is sent with its schema');
  if (search === 'openai')
    return defer('name', 'Deferred behind OpenAI tool_search: the name and description are shown, the parameters load when found', {
      honoursAlwaysLoad: true,
      agentToolsToo: true,
      nameWithDescription: true,
      search: 'openai',
    });
  return defer('hidden', 'Deferred behind Anthropic tool search: not shown until a search finds it', {
    honoursAlwaysLoad: true,
    agentToolsToo: true,
    search,
    oneMustLoad: true,
  });
}

function claudeCodePlan(settings: DeferralSettings, mcpTokens: number): DeferralPlan {
  const cut = { descriptionLimit: CLAUDE_CODE_DESCRIPTION_LIMIT };
  if (settings.model !== 'claude') return full('Claude Code loads every tool for models before Claude 4.5 (no tool_reference)', cut);
  if (settings.toolSearch === 'off') return full('ENABLE_TOOL_SEARCH=false: Claude Code loads every tool', cut);
  if (settings.serverAlwaysLoad) return full('"alwaysLoad": true on the server in .mcp.json: Claude Code loads all its tools', cut);
  const deferred = { ...cut, honoursAlwaysLoad: true, search: 'claude-code' as const, alsoLoaded: 'ToolSearch' };
  if (settings.toolSearch === 'auto') {
    const threshold = Math.floor((settings.contextWindow * settings.toolSearchPercent) / 100);
    const measured = `MCP tool definitions (~${mcpTokens.toLocaleString('en-GB')} tokens) against ${settings.toolSearchPercent}% of a ${settings.contextWindow.toLocaleString('en-GB')}-token context window (${threshold.toLocaleString('en-GB')}, assumed)`;
    if (mcpTokens <= threshold) return full(`ENABLE_TOOL_SEARCH=auto: ${measured}: under it, every tool is loaded`, cut);
    return defer('name', `ENABLE_TOOL_SEARCH=auto: ${measured}: past it, Claude Code defers MCP tools to their names`, deferred);
  }
  return defer(
    'name',
    'Claude Code defers every MCP tool (ENABLE_TOOL_SEARCH unset or true): its name in <available-deferred-tools> until ToolSearch loads it',
    deferred,
  );
}

/** What a user of the client gets today, when the preview is asked nothing else. */
export function defaultDeferralSettings(client: ClientId): DeferralSettings {
  return {
    model: modelFor(client, undefined) ?? 'other',
    toolSearch: 'on',
    toolSearchPercent: CLAUDE_AUTO_PERCENT,
    contextWindow: ASSUMED_CONTEXT_WINDOW,
    serverAlwaysLoad: false,
    providerSearch: 'none',
  };
}
