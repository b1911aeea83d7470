import type { ClientId } from './clients';
import type { ToolSearchId } from './tool-search';

/**
 * The search each deferring client puts in front of MCP tools (sources in tool-search.ts). Copilot
 * CLI defers only for Anthropic models and its search is server-side and unpublished
 * (github/copilot-cli#4588); Cursor, Claude Desktop and the raw list have no known search.
 */
export const CLIENT_SEARCHES: Partial<Record<ClientId, ToolSearchId>> = {
  'claude-code': 'claude-code',
  codex: 'codex',
  'vscode-copilot': 'vscode',
};
