// A stdio MCP server for the proxy tests that dies on demand: `crash` exits the process (as a
// server that crashes mid-call does); `ok` answers with this process's pid, so a test sees a
// restart; `fail` answers with an MCP error.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'crashy', version: '1.0.0' }, { capabilities: { tools: {} } });
const schema = { type: 'object', properties: {} };
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'ok', description: 'Answers with the pid of the server', inputSchema: schema },
    { name: 'crash', description: 'Exits the server process', inputSchema: schema },
    { name: 'fail', description: 'Answers with an MCP error', inputSchema: schema },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'crash') process.exit(3);
  if (request.params.name === 'fail') throw new McpError(ErrorCode.InternalError, 'this tool always fails');
  return { content: [{ type: 'text', text: `pid ${process.pid}` }] };
});
await server.connect(new StdioServerTransport());
