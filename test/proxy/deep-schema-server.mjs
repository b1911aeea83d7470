// A stdio MCP server (the SDK's Server) that lists one tool too deep for any catalog beside two
// ordinary ones: `nested`'s inputSchema nests 70 levels, past the 64 a catalog takes. The proxy
// must leave `nested` out, say why once, and serve `echo` and `time` (#45).
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

let deep = { type: 'string' };
for (let level = 0; level < 35; level++) deep = { type: 'object', properties: { inner: deep } };
const tools = [
  { name: 'echo', description: 'echo (deep): says its text back', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  { name: 'nested', description: 'nested (deep): a schema nested past the limit', inputSchema: deep },
  { name: 'time', description: 'time (deep): the time now', inputSchema: { type: 'object', properties: {} } },
];
const server = new Server({ name: 'deep', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', async () => ({ tools }));
server.setRequestHandler('tools/call', async (request) => ({
  content: [{ type: 'text', text: request.params.name === 'echo' ? String(request.params.arguments?.text ?? '') : new Date().toISOString() }],
}));
await server.connect(new StdioServerTransport());
