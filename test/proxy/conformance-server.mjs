// The upstream of the conformance test: a stdio MCP server offering what the server scenarios
// of @modelcontextprotocol/conformance ask for (the suite ships no reference server, and
// server-everything's names are not the suite's), so the suite checks the proxy in front of it.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const server = new McpServer(
  { name: 'conformance-upstream', version: '1.0.0' },
  { capabilities: { logging: {}, completions: {}, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true } } },
);

server.registerTool('test_simple_text', { description: 'Answers with a text' }, async () => ({
  content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
}));

server.registerPrompt('test_simple_prompt', { description: 'A prompt without arguments' }, () => ({
  messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
}));
server.registerPrompt(
  'test_prompt_with_arguments',
  {
    description: 'A prompt with two arguments',
    argsSchema: z.object({ arg1: z.string().describe('First test argument'), arg2: z.string().describe('Second test argument') }),
  },
  ({ arg1, arg2 }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }] }),
);
server.registerPrompt(
  'test_prompt_with_embedded_resource',
  { description: 'A prompt embedding a resource', argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }) },
  ({ resourceUri }) => ({
    messages: [
      { role: 'user', content: { type: 'resource', resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ],
  }),
);
server.registerPrompt('test_prompt_with_image', { description: 'A prompt with an image' }, () => ({
  messages: [
    { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
    { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
  ],
}));

server.registerResource('static-text', 'test://static-text', { description: 'A static text', mimeType: 'text/plain' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
}));
server.registerResource('static-binary', 'test://static-binary', { description: 'A static image', mimeType: 'image/png' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }],
}));
server.registerResource('watched-resource', 'test://watched-resource', { description: 'A resource to subscribe to', mimeType: 'text/plain' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'watched' }],
}));
server.registerResource(
  'template',
  new ResourceTemplate('test://template/{id}/data', { list: undefined, complete: { id: (value) => ['123', '456'].filter((id) => id.startsWith(value)) } }),
  { description: 'Data by id', mimeType: 'application/json' },
  async (uri, { id }) => ({
    contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }],
  }),
);

// McpServer answers subscribe only through the low-level handlers.
server.server.setRequestHandler('resources/subscribe', async () => ({}));
server.server.setRequestHandler('resources/unsubscribe', async () => ({}));

await server.connect(new StdioServerTransport());
