// A stdio MCP server for the argument-check tests: `run_report` requires `startDate` (a date)
// and takes an optional `endDate`, as the RockBot measurement's tool did; `lookup` has an
// inputSchema whose $ref points at another document, so it cannot be compiled; `received` says
// which calls of the others reached this server, with their arguments.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

const received = [];
const server = new Server({ name: 'reports', version: '1.0.0' }, { capabilities: { tools: {} } });
const tools = [
  {
    name: 'run_report',
    description: 'run_report (reports): the sales report between two dates',
    inputSchema: {
      type: 'object',
      properties: { startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date' } },
      required: ['startDate'],
    },
  },
  {
    name: 'lookup',
    description: 'lookup (reports): a customer by id',
    inputSchema: { type: 'object', properties: { customer: { $ref: 'https://schemas.example.com/customer.json' } }, required: ['customer'] },
  },
  { name: 'received', description: 'received (reports): the calls that reached this server', inputSchema: { type: 'object', properties: {} } },
];
server.setRequestHandler('tools/list', async () => ({ tools }));
server.setRequestHandler('tools/call', async (request) => {
  const { name, arguments: args } = request.params;
  if (name === 'received') return { content: [{ type: 'text', text: JSON.stringify(received) }] };
  if (!tools.some((t) => t.name === name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `no tool ${name}`);
  received.push({ name, arguments: args ?? {} });
  return { content: [{ type: 'text', text: `${name} ran with ${JSON.stringify(args ?? {})}` }] };
});

await server.connect(new StdioServerTransport());
