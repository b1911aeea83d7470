// A stdio MCP server for the proxy tests that dies on demand: `crash` exits the process (as a
// server that crashes mid-call does); `ok` answers with this process's pid, so a test sees a
// restart; `fail` answers with an MCP error. For the stdio limits: `big` answers `mb` MiB of
// text, `slow` answers after `ms`, `count` counts its calls (state a restart would lose).
// `hang` never answers, and from then on the server ignores SIGTERM and the end of stdin (its
// shutdown waits for the call); asked for progress, it sends one first, so a test knows it is in
// the call. `crashy-server.mjs silent [PIDFILE]` never answers initialize and ignores SIGTERM and
// the end of stdin, as a hung server does; it writes its pid to PIDFILE.
import fs from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

if (process.argv[2] === 'silent') {
  if (process.argv[3]) fs.writeFileSync(process.argv[3], String(process.pid));
  process.on('SIGTERM', () => {});
  process.stdin.resume();
  setInterval(() => {}, 60_000);
  // No further: no MCP server starts.
  await new Promise(() => {});
}

const server = new Server({ name: 'crashy', version: '1.0.0' }, { capabilities: { tools: {} } });
const schema = { type: 'object', properties: {} };
const sized = (name) => ({ type: 'object', properties: { [name]: { type: 'number' } } });
let calls = 0;
server.setRequestHandler('tools/list', async () => ({
  tools: [
    { name: 'ok', description: 'Answers with the pid of the server', inputSchema: schema },
    { name: 'crash', description: 'Exits the server process', inputSchema: schema },
    { name: 'fail', description: 'Answers with an MCP error', inputSchema: schema },
    { name: 'big', description: 'Answers mb MiB of text', inputSchema: sized('mb') },
    { name: 'slow', description: 'Answers after ms milliseconds', inputSchema: sized('ms') },
    { name: 'count', description: 'Counts its calls since the server started', inputSchema: schema },
    { name: 'hang', description: 'Never answers', inputSchema: schema },
  ],
}));
server.setRequestHandler('tools/call', async (request, ctx) => {
  const args = request.params.arguments ?? {};
  const text = (value) => ({ content: [{ type: 'text', text: value }] });
  switch (request.params.name) {
    case 'crash':
      process.exit(3);
      break;
    case 'fail':
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'this tool always fails');
    case 'big':
      return text('x'.repeat(Math.round(Number(args.mb) * 1024 * 1024)));
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, Number(args.ms)));
      return text(`slept ${args.ms} ms`);
    case 'count':
      calls++;
      return text(`call ${calls} of pid ${process.pid}`);
    case 'hang': {
      process.on('SIGTERM', () => {});
      setInterval(() => {}, 60_000);
      const progressToken = request.params._meta?.progressToken;
      if (progressToken !== undefined) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 0 } });
      return new Promise(() => {});
    }
    default:
      return text(`pid ${process.pid}`);
  }
});
await server.connect(new StdioServerTransport());
