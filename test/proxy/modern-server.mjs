// An MCP server that speaks 2026-07-28 only (stateless: server/discover, no initialize), over
// Streamable HTTP (`modern-server.mjs http <port>`) or stdio (`modern-server.mjs stdio`), built on
// the SDK v2 entries with the 2025 era refused. `grow` adds a tool and publishes the change to every
// subscriptions/listen stream; `whoami` answers with the revision and client the request named.
import http from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { CLIENT_INFO_META_KEY, createMcpHandler, McpServer, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const [transport = 'stdio', port = '0'] = process.argv.slice(2);
const grown = [];
let publish = async () => {};

function modernServer() {
  const server = new McpServer({ name: 'modern', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool('echo', { description: 'Echo the text back (modern)', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text: `echo: ${text}` }],
  }));
  server.registerTool('whoami', { description: 'Say which revision and client the request named (modern)', inputSchema: z.object({}) }, async (_args, ctx) => ({
    content: [
      {
        type: 'text',
        text: JSON.stringify({
          protocolVersion: ctx.mcpReq.envelope?.[PROTOCOL_VERSION_META_KEY] ?? null,
          client: ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY]?.name ?? null,
        }),
      },
    ],
  }));
  server.registerTool('grow', { description: 'Add one tool and announce the new list (modern)', inputSchema: z.object({}) }, async () => {
    const name = `grown_${grown.length + 1}`;
    grown.push(name);
    // Over HTTP each request gets a new instance (built with the grown tools); over stdio this one lives on.
    registerGrown(server, name);
    await publish();
    return { content: [{ type: 'text', text: `now ${grown.length} grown` }] };
  });
  for (const name of grown) registerGrown(server, name);
  return server;
}

function registerGrown(server, name) {
  server.registerTool(name, { description: `A tool grow added (${name})`, inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text: name }],
  }));
}

if (transport === 'http') {
  const handler = createMcpHandler(modernServer, { legacy: 'reject' });
  publish = () => handler.notify.toolsChanged();
  const listener = http.createServer(toNodeHandler(handler));
  listener.listen(Number(port), '127.0.0.1', () => {
    process.stdout.write(`listening ${listener.address().port}\n`);
  });
  process.on('SIGTERM', () => {
    void handler.close().finally(() => process.exit(0));
  });
} else {
  let pinned = null;
  publish = async () => pinned?.server.sendToolListChanged();
  serveStdio(
    () => {
      pinned = modernServer();
      return pinned;
    },
    { legacy: 'reject' },
  );
}
