// A stdio MCP server that counts what it executed (`counting-server.mjs <log file>`): each call of
// `run` appends one line to the log file before it answers, so the count survives a restart and
// says what the upstream really did, whatever the proxy answered its client.
import fs from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

const log = process.argv[2];
if (!log) throw new Error('usage: counting-server.mjs <log file>');
const server = new Server({ name: 'counter', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', async () => ({
  tools: [{ name: 'run', description: 'run (counter)', inputSchema: { type: 'object', properties: { n: { type: 'number' } } } }],
}));
server.setRequestHandler('tools/call', async (request) => {
  fs.appendFileSync(log, `${JSON.stringify(request.params.arguments ?? {})}\n`);
  return { content: [{ type: 'text', text: `ran ${request.params.arguments?.n ?? ''}`.trim() }] };
});
await server.connect(new StdioServerTransport());
