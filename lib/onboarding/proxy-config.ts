/**
 * The client config that puts `favindex proxy` in front of a user's MCP servers, for each client
 * the first-run step names, with this server's address, the project and a token filled in. The
 * formats are the ones the README's table gives.
 */

/** Where this favindex is installed, as the server knows it: the command runs without `npm link`. */
export interface ProxyInstall {
  /** The node binary that runs this server (an absolute path: GUI clients often have no nvm PATH). */
  node: string;
  /** bin/favindex.mjs of this checkout. */
  cli: string;
  /** The servers file the snippet points at: an absolute path, since clients expand no `~`. */
  serversFile: string;
}

export interface ProxyConfigInput {
  install: ProxyInstall;
  /** This favindex's origin as the browser reached it, e.g. http://127.0.0.1:3000. */
  origin: string;
  projectId: string;
  /** A token with PROXY_SCOPES, or null for the placeholder. */
  token: string | null;
}

/** The key the client knows the proxy by; the surface's default serverKey, so names come out as Preview shows them. */
export const PROXY_SERVER_KEY = 'favindex';

/** What a snippet holds when no token was made here: the user pastes one from the Tokens tab. */
export const PROXY_TOKEN_PLACEHOLDER = 'fvx_…';

export type ClientId = 'claude-code' | 'cursor' | 'vscode' | 'codex';

export interface ClientSnippet {
  client: ClientId;
  label: string;
  /** Where the text goes. */
  where: string;
  language: 'json' | 'toml' | 'sh';
  text: string;
}

/** The proxy's command line: node, the CLI, and its arguments. */
export function proxyCommand(input: ProxyConfigInput): { command: string; args: string[]; env: Record<string, string> } {
  return {
    command: input.install.node,
    args: [input.install.cli, 'proxy', '--url', input.origin, '--project', input.projectId, '--config', input.install.serversFile],
    env: { FAVINDEX_TOKEN: input.token ?? PROXY_TOKEN_PLACEHOLDER },
  };
}

/** A TOML basic string: JSON's escapes (\", \\, \n, \uXXXX) are TOML's too. */
const tomlString = (text: string) => JSON.stringify(text);

/** `'…'` for a POSIX shell: nothing inside is expanded. */
const sh = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

export function clientSnippets(input: ProxyConfigInput): ClientSnippet[] {
  const { command, args, env } = proxyCommand(input);
  const entry = { command, args, env };
  const mcpServers = JSON.stringify({ mcpServers: { [PROXY_SERVER_KEY]: entry } }, null, 2);
  const envLine = Object.entries(env)
    .map(([k, v]) => `${k} = ${tomlString(v)}`)
    .join(', ');
  return [
    { client: 'claude-code', label: 'Claude Code', where: '.mcp.json in your project', language: 'json', text: mcpServers },
    {
      client: 'claude-code',
      label: 'Claude Code (command)',
      where: 'a shell, in your project',
      language: 'sh',
      text: ['claude', 'mcp', 'add', ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]), PROXY_SERVER_KEY, '--', command, ...args]
        .map(sh)
        .join(' '),
    },
    { client: 'cursor', label: 'Cursor', where: '~/.cursor/mcp.json, or .cursor/mcp.json in your project', language: 'json', text: mcpServers },
    {
      client: 'vscode',
      label: 'VS Code',
      where: '.vscode/mcp.json in your project',
      language: 'json',
      text: JSON.stringify({ servers: { [PROXY_SERVER_KEY]: { type: 'stdio', ...entry } } }, null, 2),
    },
    {
      client: 'codex',
      label: 'Codex',
      where: '~/.codex/config.toml',
      language: 'toml',
      text: [
        `[mcp_servers.${PROXY_SERVER_KEY}]`,
        `command = ${tomlString(command)}`,
        `args = [${args.map(tomlString).join(', ')}]`,
        `env = { ${envLine} }`,
      ].join('\n'),
    },
  ];
}

/**
 * The servers file: the MCP servers the client started before, now started by the proxy. The
 * example is a real npm server, so the first run works before the user moves their own.
 */
export function serversFileExample(): string {
  return JSON.stringify({ mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } } }, null, 2);
}
