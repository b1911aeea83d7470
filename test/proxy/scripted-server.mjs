// A stdio MCP server for the passthrough tests, started once per name (`scripted-server.mjs a`):
// two of them list a prompt and a resource of the same name and URI, page their resources two
// at a time, and have tools that ask the client for a sampling or a form, wait to be cancelled, log, and
// say what they were told (subscriptions, log level, cancellations, the client's roots).
import fs from 'node:fs';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/core';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

const name = process.argv[2] ?? 'scripted';
// After `exit`, this file makes every restart exit at once: the server stays down.
const downMarker = process.argv[3];
if (downMarker && fs.existsSync(downMarker)) process.exit(4);
const told = { subscriptions: [], level: null, waiting: 0, cancelled: 0, roots: [] };
const server = new Server(
  { name, version: '1.0.0' },
  { capabilities: { tools: {}, prompts: {}, resources: { subscribe: true }, completions: {}, logging: {} } },
);
const schema = { type: 'object', properties: { text: { type: 'string' }, level: { type: 'string' } } };
server.setRequestHandler('tools/list', async () => ({
  tools: ['ask', 'confirm', 'wait', 'told', 'log', 'touch', 'exit'].map((tool) => ({ name: tool, description: `${tool} (${name})`, inputSchema: schema })),
}));
server.setRequestHandler('tools/call', async (request, ctx) => {
  const text = (value) => ({ content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] });
  switch (request.params.name) {
    case 'ask': {
      const answer = await ctx.mcpReq.send(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: `${name} asks: ${request.params.arguments?.text}` } }], maxTokens: 10 },
        },
        CreateMessageResultSchema,
        ElicitResultSchema,
      );
      return text(`${name} was told: ${answer.content.type === 'text' ? answer.content.text : answer.content.type}`);
    }
    case 'confirm': {
      const answer = await ctx.mcpReq.send(
        {
          method: 'elicitation/create',
          params: { message: `${name}: go ahead?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } },
        },
        ElicitResultSchema,
      );
      return text(`${name} got ${answer.action} ${JSON.stringify(answer.content ?? {})}`);
    }
    case 'exit':
      if (downMarker) fs.writeFileSync(downMarker, 'down\n');
      process.exit(3);
      break;
    case 'wait': {
      const progressToken = request.params._meta?.progressToken;
      if (progressToken !== undefined) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 0 } });
      told.waiting++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(text('not cancelled')), 60_000);
        ctx.mcpReq.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          told.cancelled++;
          resolve(text('cancelled'));
        });
      });
    }
    case 'told':
      return text(told);
    case 'log':
      await server.sendLoggingMessage({
        level: request.params.arguments?.level ?? 'info',
        logger: 'script',
        data: `${name} logs ${request.params.arguments?.text}`,
      });
      return text('logged');
    case 'touch':
      await server.sendResourceUpdated({ uri: 'shared://note' });
      await server.sendResourceUpdated({ uri: `scripted://${name}/note` });
      return text('touched');
    default:
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `no tool ${request.params.name}`);
  }
});

server.setRequestHandler('prompts/list', async () => ({
  prompts: [
    { name: 'greet', description: `Greets from ${name}`, arguments: [{ name: 'who', required: true }] },
    { name: `only_${name}`, description: `Only ${name} has it` },
  ],
}));
server.setRequestHandler('prompts/get', async (request) => {
  if (request.params.name === 'greet') {
    return { messages: [{ role: 'user', content: { type: 'text', text: `${name} greets ${request.params.arguments?.who}` } }] };
  }
  if (request.params.name === `only_${name}`) return { messages: [{ role: 'user', content: { type: 'text', text: `only ${name}` } }] };
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `no prompt '${request.params.name}' on ${name}`);
});

const resources = [
  { uri: 'shared://note', name: 'shared note', mimeType: 'text/plain' },
  { uri: `scripted://${name}/note`, name: `${name} note`, mimeType: 'text/plain' },
  { uri: `scripted://${name}/other`, name: `${name} other`, mimeType: 'text/plain' },
];
server.setRequestHandler('resources/list', async (request) => {
  const start = Number(request.params?.cursor ?? 0);
  const next = start + 2;
  return { resources: resources.slice(start, next), ...(next < resources.length ? { nextCursor: String(next) } : {}) };
});
server.setRequestHandler('resources/templates/list', async () => ({
  resourceTemplates: [{ uriTemplate: `scripted://${name}/items/{id}`, name: `${name} items` }],
}));
server.setRequestHandler('resources/read', async (request) => {
  const { uri } = request.params;
  if (uri === `scripted://${name}/items/missing`) throw new ProtocolError(-32002, `Resource not found: ${uri}`);
  if (uri.startsWith(`scripted://${name}/items/`) || resources.some((r) => r.uri === uri)) {
    return { contents: [{ uri, mimeType: 'text/plain', text: `${name} has ${uri}` }] };
  }
  throw new ProtocolError(-32002, `Resource not found: ${uri}`);
});
server.setRequestHandler('resources/subscribe', async (request) => {
  told.subscriptions.push(request.params.uri);
  return {};
});
server.setRequestHandler('resources/unsubscribe', async (request) => {
  told.subscriptions = told.subscriptions.filter((uri) => uri !== request.params.uri);
  return {};
});
server.setRequestHandler('completion/complete', async (request) => {
  const value = request.params.argument.value;
  const pool = request.params.ref.type === 'ref/prompt' ? [`${name}-alice`, `${name}-bob`] : ['1', '2', '10'];
  return { completion: { values: pool.filter((v) => v.startsWith(value) || v.startsWith(`${name}-${value}`)) } };
});
server.setRequestHandler('logging/setLevel', async (request) => {
  told.level = request.params.level;
  return {};
});

server.setNotificationHandler('notifications/roots/list_changed', async () => {
  told.roots = (await server.listRoots()).roots.map((root) => root.uri);
});

await server.connect(new StdioServerTransport());
