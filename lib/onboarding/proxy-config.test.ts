import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { clientSnippets, PROXY_TOKEN_PLACEHOLDER, proxyCommand, serversFileExample } from './proxy-config';

const install = { node: '/usr/local/bin/node', cli: '/home/me/favindex/bin/favindex.mjs', serversFile: '/home/me/.favindex/servers.json' };
const input = { install, origin: 'http://127.0.0.1:3341', projectId: 'my-agent', token: 'fvx_abc-DEF_123' };
const args = [
  '/home/me/favindex/bin/favindex.mjs',
  'proxy',
  '--url',
  'http://127.0.0.1:3341',
  '--project',
  'my-agent',
  '--config',
  '/home/me/.favindex/servers.json',
];
const entry = { command: '/usr/local/bin/node', args, env: { FAVINDEX_TOKEN: 'fvx_abc-DEF_123' } };
const snippet = (label: string) => {
  const found = clientSnippets(input).find((s) => s.label === label);
  if (!found) throw new Error(`no snippet for ${label}`);
  return found.text;
};

/** The words a POSIX shell makes of a line of plain words and '…' quotes (all the snippet uses). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replaceAll(`'\\''`, `'`) : (m[2] ?? '')));
}

describe('client snippets for favindex proxy', () => {
  it('Claude Code and Cursor: an mcpServers entry with --url, the project and the token', () => {
    expect(JSON.parse(snippet('Claude Code'))).toEqual({ mcpServers: { favindex: entry } });
    expect(JSON.parse(snippet('Cursor'))).toEqual({ mcpServers: { favindex: entry } });
  });

  it('claude mcp add: the same command, word for word', () => {
    expect(shellWords(snippet('Claude Code (command)'))).toEqual([
      'claude',
      'mcp',
      'add',
      '--env',
      'FAVINDEX_TOKEN=fvx_abc-DEF_123',
      'favindex',
      '--',
      entry.command,
      ...args,
    ]);
  });

  it('VS Code: servers with type stdio', () => {
    expect(JSON.parse(snippet('VS Code'))).toEqual({ servers: { favindex: { type: 'stdio', ...entry } } });
  });

  it('Codex: [mcp_servers.favindex] in TOML', () => {
    expect(parseToml(snippet('Codex'))).toEqual({ mcp_servers: { favindex: entry } });
  });

  it('stays valid with paths and addresses that need quoting', () => {
    const odd = { ...input, install: { ...install, cli: `C:\\Users\\O'Brien "x"\\favindex\\bin\\favindex.mjs` }, projectId: 'a.b_c-d' };
    const snippets = clientSnippets(odd);
    const json = JSON.parse(snippets[0]?.text ?? '');
    expect(json.mcpServers.favindex.args[0]).toBe(odd.install.cli);
    expect(
      (parseToml(snippets.find((s) => s.client === 'codex')?.text ?? '') as { mcp_servers: { favindex: { args: string[] } } }).mcp_servers.favindex.args[0],
    ).toBe(odd.install.cli);
    expect(shellWords(snippets[1]?.text ?? '')).toContain(odd.install.cli);
  });

  it('holds a placeholder, not an empty token, when none was made', () => {
    expect(proxyCommand({ ...input, token: null }).env.FAVINDEX_TOKEN).toBe(PROXY_TOKEN_PLACEHOLDER);
  });

  it('gives a servers file a client can start: one real npm server', () => {
    expect(JSON.parse(serversFileExample())).toEqual({ mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } } });
  });
});
