/**
 * MCP clients as data (§surface): how each renames what a proxy presents (its naming rules,
 * lib/names/client-rules.ts), what it leaves out or refuses, and the MCP revisions it speaks.
 * Every fact carries its source beside it; a fact nobody has established is stated as unknown,
 * and the preview says so instead of guessing.
 */
import { CLIENT_NAMING, type ClientId, type ClientNaming } from '@/lib/names/client-rules';
import type { McpRevision } from '@/lib/mcp-revisions';

export { CLIENT_IDS, type ClientId } from '@/lib/names/client-rules';
export { MCP_REVISIONS, type McpRevision } from '@/lib/mcp-revisions';

/** One thing said about a client, for the page: established (with where it comes from), or openly unknown. */
export interface ClientFact {
  text: string;
  known: boolean;
  /** Where a known fact comes from: a public page, issue or source file. */
  source?: string;
}

/**
 * One MCP revision a client speaks, and when: always, only with servers it reaches over HTTP, only
 * behind a setting that is off by default, or either (a generic client picks). Stated as a fact:
 * known with its source, or openly reported and not verified.
 */
export interface ClientRevision {
  revision: McpRevision;
  when: 'always' | 'http' | 'flag' | 'either';
  text: string;
  known: boolean;
  source?: string;
}

export interface ClientProfile extends ClientNaming {
  label: string;
  /** A tool whose server key and tool name reach this many characters together is left out (Cursor). */
  combinedLimit: number | null;
  /** A final name outside this pattern makes the client's request fail as a whole. */
  refuses: { pattern: RegExp; what: string } | null;
  /** Two tools ending with one name: the client keeps the first, sends both, or nobody knows. */
  duplicates: 'keeps-first' | 'sends-both' | 'unknown';
  /** The client's own cap on the tools it sends, and what happens past it. */
  toolCap: { max: number; over: 'drops-rest' | 'groups-rest' | 'unknown' } | null;
  facts: readonly ClientFact[];
  /** The MCP revisions it speaks, the one it most likely uses first. */
  revisions: readonly ClientRevision[];
}

/** What a client does where nothing else is said: leaves nothing out, and nobody knows how it treats duplicates. */
const CLIENT_DEFAULTS = {
  combinedLimit: null,
  refuses: null,
  duplicates: 'unknown',
  toolCap: null,
  revisions: [
    {
      revision: '2025-11-25',
      when: 'always',
      text: 'Taken to speak MCP 2025-11-25: no public sign that it speaks 2026-07-28.',
      known: false,
    },
  ],
} as const satisfies Omit<ClientProfile, keyof ClientNaming | 'label' | 'facts'>;

/** A client's profile: its naming rules, and what this file says it does besides. */
function client(profile: Pick<ClientProfile, 'id' | 'label' | 'facts'> & Partial<Omit<ClientProfile, keyof ClientNaming>>): ClientProfile {
  return { ...CLIENT_DEFAULTS, ...CLIENT_NAMING[profile.id], ...profile };
}

const CODEX_NAMES = 'openai/codex codex-rs/core/src/mcp_connection_manager.rs (qualify_tools)';
const VSCODE_NAMES = 'microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (McpPrefixGenerator)';
const GEMINI_NAMES = 'google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts (generateValidName)';

export const CLIENTS: Record<ClientId, ClientProfile> = {
  raw: client({
    id: 'raw',
    label: 'As presented (no client)',
    duplicates: 'sends-both',
    facts: [{ text: 'The names exactly as the proxy presents them: what a client that changes nothing would send.', known: true, source: 'favindex' }],
    // A generic client: the proxy serves both revisions, so it may pick either.
    revisions: [
      { revision: '2025-11-25', when: 'either', text: 'May speak MCP 2025-11-25: a generic client picks its revision.', known: true, source: 'favindex' },
      { revision: '2026-07-28', when: 'either', text: 'May speak MCP 2026-07-28: the proxy serves both revisions.', known: true, source: 'favindex' },
    ],
  }),
  'claude-code': client({
    id: 'claude-code',
    label: 'Claude Code',
    // Anthropic answers 400 "Tool names must be unique" (anthropics/claude-code#14199).
    duplicates: 'sends-both',
    facts: [
      { text: 'Sends mcp__<server key>__<tool>.', known: true, source: 'anthropics/claude-code#2412' },
      { text: "Turns '.' into '_' (reported; its source is not public).", known: true, source: 'barryw/ImmichMCP#8; logly/mureo#73' },
      { text: "What it does with other characters, such as '/', is not known: shown unchanged.", known: false },
      { text: 'Does not shorten names: one over 64 characters fails the request at Anthropic.', known: true, source: 'anthropics/claude-code#2326, #2412' },
      { text: 'No cap of its own on the number of tools is known.', known: false },
    ],
    revisions: [
      {
        revision: '2025-11-25',
        when: 'always',
        text: 'Taken to speak MCP 2025-11-25 (no source says which revision it uses with stdio servers).',
        known: false,
      },
      {
        revision: '2026-07-28',
        when: 'http',
        text: 'Reported to use MCP 2026-07-28 with servers it reaches over HTTP (not verified).',
        known: false,
        source: 'Claude Code CHANGELOG v2.1.274, via secondary notes',
      },
    ],
  }),
  'claude-desktop': client({
    id: 'claude-desktop',
    label: 'Claude Desktop',
    // One name outside ^[a-zA-Z0-9_-]{1,64}$ fails every chat
    // (barryw/ImmichMCP#4, l22-io/orchard-mcp#14, hostinger/api-mcp-server#48, API-200/api200#14).
    refuses: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, what: 'tool names must match ^[a-zA-Z0-9_-]{1,64}$' },
    facts: [
      { text: 'Sends the tool name as presented, without the server key.', known: true, source: 'barryw/ImmichMCP#4; l22-io/orchard-mcp#14' },
      { text: 'A name outside ^[a-zA-Z0-9_-]{1,64}$ makes every request fail.', known: true, source: 'hostinger/api-mcp-server#48; API-200/api200#14' },
      { text: 'What it does with two tools of one name, and any cap of its own, are not known.', known: false },
    ],
  }),
  codex: client({
    id: 'codex',
    label: 'Codex CLI',
    // openai/codex codex-rs/core/src/mcp_connection_manager.rs, qualify_tools(): a name already
    // used is skipped with a warning.
    duplicates: 'keeps-first',
    facts: [
      { text: 'Sends mcp__<server key>__<tool>, every character outside [A-Za-z0-9_-] turned into _.', known: true, source: CODEX_NAMES },
      { text: 'Over 64 characters: keeps the first 24 and appends the SHA-1 of the unchanged name (40 hex digits).', known: true, source: CODEX_NAMES },
      { text: 'Two tools that end with one name: the later one is skipped.', known: true, source: CODEX_NAMES },
      { text: 'No cap of its own on the number of tools.', known: true, source: CODEX_NAMES },
    ],
    revisions: [
      { revision: '2025-11-25', when: 'always', text: 'Taken to speak MCP 2025-11-25 by default.', known: false },
      {
        revision: '2026-07-28',
        when: 'flag',
        text: 'Reported to have MCP 2026-07-28 behind the flag mcp_2026_07_28, off by default (not verified).',
        known: false,
      },
    ],
  }),
  cursor: client({
    id: 'cursor',
    label: 'Cursor',
    // "Combined server and tool name length (60) exceeds 60 characters" for "g" + a 59-character
    // tool (ComposioHQ/composio#2788; awslabs/mcp#1283): the tool is filtered out.
    combinedLimit: 60,
    // "Cursor will only send the first 40 tools to the Agent" (Cursor's docs, quoted in
    // anyproto/anytype-mcp#5 and getsentry/sentry-mcp-stdio#3); newer versions warn at 80 (Snowflake-Labs/mcp#77).
    toolCap: { max: 40, over: 'drops-rest' },
    facts: [
      { text: 'Sends mcp_<server key>_<tool> (reported; Cursor is closed source).', known: true, source: 'verygoodplugins/mcp-automem#31' },
      {
        text: 'Leaves out a tool whose server key and tool name reach 60 characters together.',
        known: true,
        source: 'ComposioHQ/composio#2788; awslabs/mcp#1283',
      },
      {
        text: 'Sent only the first 40 tools (Cursor’s docs, quoted in anyproto/anytype-mcp#5); newer versions warn at 80 (Snowflake-Labs/mcp#77): whether any limit still drops tools is not known, the preview keeps 40.',
        known: false,
      },
      { text: 'What it does with characters outside [A-Za-z0-9_-] is not known: shown unchanged.', known: false },
    ],
  }),
  'vscode-copilot': client({
    id: 'vscode-copilot',
    label: 'VS Code Copilot',
    // microsoft/vscode-copilot-chat: chat.virtualTools.threshold defaults to HARD_TOOL_LIMIT = 128;
    // past it tools are grouped behind virtual activate_* tools.
    toolCap: { max: 128, over: 'groups-rest' },
    facts: [
      { text: 'Sends mcp_<server name, lower case, at most 13 characters>_<tool>, other characters turned into _.', known: true, source: VSCODE_NAMES },
      {
        text: 'The server part comes from the name the server announces (else its config key); shown here as the server key.',
        known: true,
        source: VSCODE_NAMES,
      },
      {
        text: 'Cuts the name at 64 characters, without a hash: cut names can collide.',
        known: true,
        source: 'microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpTypes.ts (McpToolName.MaxLength)',
      },
      {
        text: 'For models it does not defer for, past 128 tools it groups tools behind virtual activate_* tools.',
        known: true,
        source: 'microsoft/vscode-copilot-chat (chat.virtualTools.threshold = HARD_TOOL_LIMIT)',
      },
      { text: 'Which tool it keeps when two end with one name is not known.', known: false },
    ],
  }),
  'copilot-cli': client({
    id: 'copilot-cli',
    label: 'Copilot CLI',
    // Names pass through raw and the Copilot API answers 400 for the whole request: "String
    // should match pattern '^[a-zA-Z0-9_-]{1,128}$'" (github/copilot-cli#1879, #2581; GPT models also take '.').
    refuses: { pattern: /^[a-zA-Z0-9_-]{1,128}$/, what: 'the Copilot API takes names matching ^[a-zA-Z0-9_-]{1,128}$' },
    // The Copilot API's cap (HARD_TOOL_LIMIT = 128, "Max CAPI tool count limit", microsoft/vscode-copilot-chat).
    toolCap: { max: 128, over: 'unknown' },
    facts: [
      { text: 'Sends <server key>-<tool>, characters unchanged.', known: true, source: 'github/copilot-sdk#869, #861' },
      { text: 'A name outside ^[a-zA-Z0-9_-]{1,128}$ makes the whole request fail (400).', known: true, source: 'github/copilot-cli#1879, #2581' },
      { text: 'The Copilot API takes at most 128 tools; what the CLI does past that is not known.', known: false },
    ],
  }),
  'gemini-cli': client({
    id: 'gemini-cli',
    label: 'Gemini CLI',
    facts: [
      { text: 'Sends mcp_<server key>_<tool>, every character outside [A-Za-z0-9_.:-] turned into _.', known: true, source: GEMINI_NAMES },
      { text: 'Over 63 characters: keeps the first 30 and the last 30, with "..." between.', known: true, source: GEMINI_NAMES },
      { text: 'What it does with two tools of one name, and any cap of its own, are not known.', known: false },
    ],
  }),
};

export function clientProfile(id: ClientId): ClientProfile {
  return CLIENTS[id];
}

/**
 * The revision a preview for the client is built for when none is asked: the one it most likely
 * uses, its first. 2025-11-25 for every client today: Claude Code's 2026-07-28 is reported, not
 * verified, and only with HTTP servers; Codex's is behind a flag that is off by default.
 */
export function likelyRevision(profile: Pick<ClientProfile, 'revisions'>): McpRevision {
  return profile.revisions[0]?.revision ?? '2025-11-25';
}

/** How the client may come to use a revision, or null when nothing says it speaks it. */
export function revisionOf(profile: Pick<ClientProfile, 'revisions'>, revision: McpRevision): ClientRevision | null {
  return profile.revisions.find((r) => r.revision === revision) ?? null;
}
