// A stdio MCP server whose tools carry their own `_meta` (no reference server from npm sets one):
// what the proxy adds to a tool's `_meta` must sit beside the server's keys, not replace them.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'meta', version: '1.0.0' }, { capabilities: { tools: {} } });
const schema = { type: 'object', properties: { text: { type: 'string' } } };
server.setRequestHandler('tools/list', async () => ({
  tools: [
    { name: 'tagged', description: 'tagged (meta)', inputSchema: schema, _meta: { 'example.org/owner': 'docs-team' } },
    { name: 'plain', description: 'plain (meta)', inputSchema: schema, _meta: { 'example.org/owner': 'ops-team' } },
  ],
}));
server.setRequestHandler('tools/call', async (request) => ({
  content: [{ type: 'text', text: `${request.params.name}: ${request.params.arguments?.text ?? ''}` }],
}));
await server.connect(new StdioServerTransport());
