// The proxy bench's baseline (issue #26): mcp-proxy (npm, 6.7.19) as a stdio server in front of
// a stdio server, which its own bin does not offer (it serves HTTP/SSE or reaches an HTTP
// upstream). Its exported `proxyServer` wires a low-level Server to an upstream Client, the way
// its `startStdioServer` does, only with the upstream over stdio.
//   node bench/mcp-proxy-stdio.mjs <command> [args…]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { proxyServer, resolveVersionNegotiation } from 'mcp-proxy';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node bench/mcp-proxy-stdio.mjs <command> [args…]\n');
  process.exit(2);
}
// As startStdioServer builds it: 2025-11-25 to the upstream ("legacy", mcp-proxy's default).
const client = new Client({ name: 'mcp-proxy', version: '1.0.0' }, { capabilities: {}, versionNegotiation: resolveVersionNegotiation('legacy') });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const serverCapabilities = client.getServerCapabilities();
const server = new Server(client.getServerVersion(), { capabilities: serverCapabilities });
await proxyServer({ client, server, serverCapabilities });
await server.connect(new StdioServerTransport());
// The client went away: so does the upstream.
process.stdin.on('end', () => {
  client.close().finally(() => process.exit(0));
});
