/**
 * MCP clients as data (§surface): how each turns the name a proxy presents into the name the
 * model receives, and what it refuses. Every fact carries its source beside it; a fact nobody
 * has established is stated as unknown, and the preview says so instead of guessing.
 */
export const CLIENT_IDS = ['raw', 'claude-code', 'claude-desktop', 'codex', 'cursor', 'vscode-copilot', 'copilot-cli', 'gemini-cli'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

/** One thing said about a client, for the page: established (with where it comes from), or openly unknown. */
export interface ClientFact {
  text: string;
  known: boolean;
  /** Where a known fact comes from: a public page, issue or source file. */
  source?: string;
}

import type { McpRevision } from '@/lib/mcp-revisions';

export { MCP_REVISIONS, type McpRevision } from '@/lib/mcp-revisions';

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

/** Characters or runs of a name whose fate in the client is not known. */
export interface ClientDoubt {
  pattern: RegExp;
  note: string;
}

export interface ClientProfile {
  id: ClientId;
  label: string;
  /** The final name: `{server}` is the server key as the client writes it, `{tool}` the presented name after the rewrites. */
  template: string;
  /** `vscode`: lower case, runs of other characters → `_`, at most 13 characters (VS Code's tool prefix). */
  serverPart: 'key' | 'vscode';
  /** Replacements made in the presented name, in order. */
  rewrites: readonly { pattern: RegExp; to: string }[];
  doubts: readonly ClientDoubt[];
  /** Past `max` characters the final name is cut (VS Code), cut and ended with a SHA-1 (Codex), or cut in the middle (Gemini CLI). */
  length: { max: number; over: 'cut' | 'cut-sha1' | 'cut-middle' } | null;
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

/** What a client does where nothing else is said: keeps names as they are, and nobody knows how it treats duplicates. */
const CLIENT_DEFAULTS = {
  serverPart: 'key',
  rewrites: [],
  doubts: [],
  length: null,
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
} as const satisfies Omit<ClientProfile, 'id' | 'label' | 'template' | 'facts'>;

function client(profile: Pick<ClientProfile, 'id' | 'label' | 'template' | 'facts'> & Partial<ClientProfile>): ClientProfile {
  return { ...CLIENT_DEFAULTS, ...profile };
}

const CODEX_NAMES = 'openai/codex codex-rs/core/src/mcp_connection_manager.rs (qualify_tools)';
const VSCODE_NAMES = 'microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (McpPrefixGenerator)';
const GEMINI_NAMES = 'google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts (generateValidName)';

export const CLIENTS: Record<ClientId, ClientProfile> = {
  raw: client({
    id: 'raw',
    label: 'As presented (no client)',
    template: '{tool}',
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
    // mcp__<server>__<tool>: Claude Code's permission rules and its API errors name tools so
    // (anthropics/claude-code#2412 shows mcp__enterprise-database-management__…).
    template: 'mcp__{server}__{tool}',
    // '.' becomes '_' (reported by integrators: barryw/ImmichMCP#8, logly/mureo#73; Claude Code's source is not public).
    rewrites: [{ pattern: /\./g, to: '_' }],
    doubts: [
      {
        // In 2025 '/', ':' and '.' reached the API unchanged and failed the request
        // (anthropics/claude-code#858, microsoft/wassette#56); today's handling of '/' is not reported.
        pattern: /[^A-Za-z0-9_.-]/,
        note: "Claude Code's handling of characters other than '.' (such as '/') is not known: shown unchanged",
      },
    ],
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
    // The raw tool name, checked against ^[a-zA-Z0-9_-]{1,64}$; one bad name fails every chat
    // (barryw/ImmichMCP#4, l22-io/orchard-mcp#14, hostinger/api-mcp-server#48, API-200/api200#14).
    template: '{tool}',
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
    // openai/codex codex-rs/core/src/mcp_connection_manager.rs, qualify_tools(): the name is
    // "mcp__" + server + "__" + tool with every char outside [a-zA-Z0-9_-] replaced by '_'
    // (sanitize_responses_api_tool_name); over 64 it keeps the first 24 characters and appends the
    // 40-hex SHA-1 of the unsanitised name; a name already used is skipped with a warning.
    template: 'mcp__{server}__{tool}',
    // Rust's chars() walks code points: one '_' per character, astral ones included (the u flag).
    rewrites: [{ pattern: /[^A-Za-z0-9_-]/gu, to: '_' }],
    length: { max: 64, over: 'cut-sha1' },
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
    // mcp_<server>_<tool> as reported by integrators (verygoodplugins/mcp-automem#31); Cursor is closed source.
    template: 'mcp_{server}_{tool}',
    doubts: [
      { pattern: /[^A-Za-z0-9_-]/, note: "Cursor's handling of characters outside [A-Za-z0-9_-] is not known (one report says it drops '/'): shown unchanged" },
      // cursor/cursor#3452: a tool whose name holds "__" is listed but the model cannot call it.
      { pattern: /__/, note: "Cursor was reported unable to call tools whose name holds '__' (cursor/cursor#3452)" },
    ],
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
    // microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts: the prefix is "mcp_" +
    // the server's name lower-cased, runs outside [a-z0-9_.-] → '_', at most 13 characters, + "_"
    // (McpPrefixGenerator; the name the server announces, else the config key); the tool name has
    // [^a-z0-9_-] (case-insensitive) replaced by '_'; '.' → '_' and the id is cut at 64
    // (McpToolName.MaxLength in mcpTypes.ts).
    template: 'mcp_{server}_{tool}',
    serverPart: 'vscode',
    // toolInvalidCharRe = /[^a-z0-9_-]/gi walks UTF-16 units: an astral character becomes '__'.
    rewrites: [{ pattern: /[^a-z0-9_-]/gi, to: '_' }],
    length: { max: 64, over: 'cut' },
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
    // <server-key>-<tool-name> (github/copilot-sdk#869, #861); names pass through raw and the
    // Copilot API answers 400 for the whole request: "String should match pattern
    // '^[a-zA-Z0-9_-]{1,128}$'" (github/copilot-cli#1879, #2581; GPT models also take '.').
    template: '{server}-{tool}',
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
    // generateValidName(`${server}_${tool}`): "mcp_" in front, every character outside
    // [a-zA-Z0-9_.:-] → '_', and past 63 characters the first 30 + "..." + the last 30.
    template: 'mcp_{server}_{tool}',
    rewrites: [{ pattern: /[^a-zA-Z0-9_.:-]/g, to: '_' }],
    length: { max: 63, over: 'cut-middle' },
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

/** A human-readable form of the composition, e.g. `mcp__favindex__<tool>`. */
export function compositionOf(profile: ClientProfile, serverKey: string): string {
  return profile.template.replace('{server}', serverPartOf(profile, serverKey)).replace('{tool}', '<tool>');
}

/** The server key as the client writes it into every name. */
export function serverPartOf(profile: Pick<ClientProfile, 'serverPart'>, serverKey: string): string {
  if (profile.serverPart === 'key') return serverKey;
  return serverKey
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '_')
    .slice(0, 13)
    .replaceAll('.', '_');
}
