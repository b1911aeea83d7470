// A stdio MCP server for the CLI tests whose tools/list comes in pages of 10 (nextCursor), so
// `favindex catalog push` must follow the cursor. TOOLS sets how many; DUPLICATE=1 lists one
// name twice (a list favindex refuses to store).
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

const total = Number(process.env.TOOLS ?? 25);
const PAGE = 10;
const server = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', async (request) => {
  const start = Number(request.params?.cursor ?? 0);
  const names = Array.from({ length: Math.min(PAGE, total - start) }, (_, i) => `tool_${start + i}`);
  if (process.env.DUPLICATE === '1' && start === 0) names[1] = names[0];
  return {
    tools: names.map((name) => ({ name, description: `paged tool ${name}`, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } })),
    ...(start + PAGE < total ? { nextCursor: String(start + PAGE) } : {}),
  };
});
console.error('paged server ready');
await server.connect(new StdioServerTransport());
