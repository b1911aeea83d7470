import { describe, expect, it } from 'vitest';
import { parseProxyConfig, ProxyConfigError } from './config';

/** `${NAME}` as a config file writes it. */
const ref = (name: string) => `\${${name}}`;

describe('proxy config: the mcpServers files clients use', () => {
  it('reads stdio and Streamable HTTP servers, with variables (and defaults) from the environment', () => {
    const { upstreams, skipped } = parseProxyConfig(
      {
        mcpServers: {
          github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: ref('GH') } },
          remote: { type: 'http', url: `${ref('BASE:-http://127.0.0.1:9')}/mcp`, headers: { Authorization: `Bearer ${ref('TOKEN')}` } },
          off: { command: 'x', disabled: true },
          self: { command: 'npx', args: ['favindex', 'proxy', '--config', 'this.json'] },
        },
      },
      { GH: 'ghp_1', TOKEN: 't' },
    );
    expect(upstreams).toEqual([
      { name: 'github', endpoint: { transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: 'ghp_1' } } },
      { name: 'remote', endpoint: { transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer t' } } },
    ]);
    expect(skipped).toEqual(['off (disabled)', 'self (it is a favindex proxy: it would start itself)']);
  });

  it("takes VS Code's `servers` too, and says what is wrong with an entry", () => {
    expect(parseProxyConfig({ servers: { fs: { type: 'stdio', command: 'node', args: ['fs.js'] } } }, {}).upstreams[0]!.name).toBe('fs');
    const fails = (json: unknown, message: string) => expect(() => parseProxyConfig(json, {})).toThrow(new ProxyConfigError(message));
    expect(() => parseProxyConfig({ tools: [] }, {})).toThrow(/no "mcpServers"/);
    fails({ mcpServers: { a: {} } }, 'mcpServers.a: give a command (stdio) or a url (Streamable HTTP)');
    fails({ mcpServers: { a: { url: 'ftp://x' } } }, "mcpServers.a: url must be http(s), not 'ftp://x'");
    fails({ mcpServers: { a: { command: ref('NOPE') } } }, `mcpServers.a: ${ref('NOPE')} is not set in the environment`);
    expect(() => parseProxyConfig({ mcpServers: { 'bad name': { command: 'x' } } }, {})).toThrow(/server name/);
    expect(() => parseProxyConfig({ mcpServers: { a: { url: 'http://x/sse', type: 'sse' } } }, {})).toThrow(/SSE/);
  });

  it('takes the MCP revision to speak to a server, and refuses one it does not know', () => {
    const { upstreams } = parseProxyConfig(
      { mcpServers: { new: { command: 'node', args: ['s.js'], protocol: 'auto' }, remote: { url: 'http://x/mcp', protocol: '2026-07-28' } } },
      {},
    );
    expect(upstreams.map((u) => u.endpoint.protocol)).toEqual(['auto', '2026-07-28']);
    expect(() => parseProxyConfig({ mcpServers: { a: { command: 'x', protocol: '2024-11-05' } } }, {})).toThrow(/mcpServers\.a: protocol /);
  });
});
