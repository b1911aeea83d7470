/**
 * What each MCP client does to a tool's name before the model sees it (§names, §surface): the
 * form it wraps the name in, the characters it rewrites, where it cuts. The preview renames a
 * list by these rules and ingest undoes them (client-forms.ts), so both read them from here.
 * What a client does besides renaming (what it leaves out, refuses, caps) is
 * lib/surface/clients.ts, with the sourced facts the preview shows.
 */
export const CLIENT_IDS = ['raw', 'claude-code', 'claude-desktop', 'codex', 'cursor', 'vscode-copilot', 'copilot-cli', 'gemini-cli'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

/** Characters or runs of a name whose fate in the client is not known. */
export interface ClientDoubt {
  pattern: RegExp;
  note: string;
}

export interface ClientNaming {
  id: ClientId;
  /** The final name: `{server}` is the server key as the client writes it, `{tool}` the presented name after the rewrites. */
  template: string;
  /** `vscode`: lower case, runs of other characters → `_`, at most 13 characters (VS Code's tool prefix). */
  serverPart: 'key' | 'vscode';
  /** Replacements made in the presented name, in order. */
  rewrites: readonly { pattern: RegExp; to: string }[];
  doubts: readonly ClientDoubt[];
  /** Past `max` characters the final name is cut (VS Code), cut and ended with a SHA-1 (Codex), or cut in the middle (Gemini CLI). */
  length: { max: number; over: 'cut' | 'cut-sha1' | 'cut-middle' } | null;
}

/** What a client does to names where nothing else is said: keeps them as they are. */
const KEEPS_NAMES = { serverPart: 'key', rewrites: [], doubts: [], length: null } as const satisfies Omit<ClientNaming, 'id' | 'template'>;

function naming(rules: Pick<ClientNaming, 'id' | 'template'> & Partial<ClientNaming>): ClientNaming {
  return { ...KEEPS_NAMES, ...rules };
}

export const CLIENT_NAMING: Record<ClientId, ClientNaming> = {
  raw: naming({ id: 'raw', template: '{tool}' }),
  'claude-code': naming({
    id: 'claude-code',
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
  }),
  'claude-desktop': naming({
    id: 'claude-desktop',
    // The raw tool name, checked against ^[a-zA-Z0-9_-]{1,64}$; one bad name fails every chat
    // (barryw/ImmichMCP#4, l22-io/orchard-mcp#14, hostinger/api-mcp-server#48, API-200/api200#14).
    template: '{tool}',
  }),
  codex: naming({
    id: 'codex',
    // openai/codex codex-rs/core/src/mcp_connection_manager.rs, qualify_tools(): the name is
    // "mcp__" + server + "__" + tool with every char outside [a-zA-Z0-9_-] replaced by '_'
    // (sanitize_responses_api_tool_name); over 64 it keeps the first 24 characters and appends the
    // 40-hex SHA-1 of the unsanitised name; a name already used is skipped with a warning.
    template: 'mcp__{server}__{tool}',
    // Rust's chars() walks code points: one '_' per character, astral ones included (the u flag).
    rewrites: [{ pattern: /[^A-Za-z0-9_-]/gu, to: '_' }],
    length: { max: 64, over: 'cut-sha1' },
  }),
  cursor: naming({
    id: 'cursor',
    // mcp_<server>_<tool> as reported by integrators (verygoodplugins/mcp-automem#31); Cursor is closed source.
    template: 'mcp_{server}_{tool}',
    doubts: [
      { pattern: /[^A-Za-z0-9_-]/, note: "Cursor's handling of characters outside [A-Za-z0-9_-] is not known (one report says it drops '/'): shown unchanged" },
      // cursor/cursor#3452: a tool whose name holds "__" is listed but the model cannot call it.
      { pattern: /__/, note: "Cursor was reported unable to call tools whose name holds '__' (cursor/cursor#3452)" },
    ],
  }),
  'vscode-copilot': naming({
    id: 'vscode-copilot',
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
  }),
  'copilot-cli': naming({
    id: 'copilot-cli',
    // <server-key>-<tool-name> (github/copilot-sdk#869, #861); names pass through raw.
    template: '{server}-{tool}',
  }),
  'gemini-cli': naming({
    id: 'gemini-cli',
    // generateValidName(`${server}_${tool}`): "mcp_" in front, every character outside
    // [a-zA-Z0-9_.:-] → '_', and past 63 characters the first 30 + "..." + the last 30.
    template: 'mcp_{server}_{tool}',
    rewrites: [{ pattern: /[^a-zA-Z0-9_.:-]/g, to: '_' }],
    length: { max: 63, over: 'cut-middle' },
  }),
};
