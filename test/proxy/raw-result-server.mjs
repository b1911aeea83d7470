// A stdio MCP server written by hand, without the SDK, for the result passthrough test (#26):
// `raw-result-server.mjs <results.json>` lists one tool per key of the file, whose tools/call
// result is that key's value, written exactly as it is (unknown fields, large, or malformed). A call
// with a progress token first gets three progress notifications, written with the result in one go.
import fs from 'node:fs';
import readline from 'node:readline';

const results = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const schema = { type: 'object', properties: {} };
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const { id, method, params } = message;
  if (method === 'initialize')
    send({
      jsonrpc: '2.0',
      id,
      result: { protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '1.0.0' } },
    });
  else if (method === 'tools/list')
    send({ jsonrpc: '2.0', id, result: { tools: Object.keys(results).map((name) => ({ name, description: `${name} result`, inputSchema: schema })) } });
  else if (method === 'tools/call' && Object.hasOwn(results, params.name)) {
    const progressToken = params._meta?.progressToken;
    const progress =
      progressToken === undefined
        ? []
        : [1, 2, 3].map((step) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: step, total: 3 } }));
    process.stdout.write([...progress, { jsonrpc: '2.0', id, result: results[params.name] }].map((m) => `${JSON.stringify(m)}\n`).join(''));
  } else if (method === 'ping') send({ jsonrpc: '2.0', id, result: {} });
  else send({ jsonrpc: '2.0', id, error: { code: -32601, message: `no ${method}` } });
});
