import { PassThrough } from 'node:stream';
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { until } from '@/test/stdio-framing';
import type { CallParams } from '@/mcp/direct-calls';
import { EncodedResult } from '@/mcp/encoded-result';
import { type DirectCallHandler, serveCallsDirectly } from './direct-calls';
import { BoundedStdioServerTransport } from './stdio-server';

/**
 * A Server on the proxy's stdio transport with serveCallsDirectly in front, driven line by line
 * as a client would: what the handler is given and what the client reads back.
 */
async function serving(handle: (...args: Parameters<DirectCallHandler>) => Promise<CallToolResult>, errors: Error[] = []) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new BoundedStdioServerTransport(1024 * 1024, () => {}, stdin, stdout);
  const server = new Server({ name: 'proxy', version: '1' }, { capabilities: { tools: {} } });
  // The same handler behind the Server, for what does not go direct (and to compare with).
  const bySdk: CallParams[] = [];
  server.setRequestHandler('tools/call', (request, ctx) => {
    bySdk.push(request.params);
    return handle(request.params, ctx.mcpReq.signal, ctx.mcpReq.send);
  });
  serveCallsDirectly(transport, server, handle, (error) => errors.push(error));
  await server.connect(transport);
  let out = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const answers = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return {
    send: (message: object) => stdin.write(`${JSON.stringify(message)}\n`),
    answers,
    answer: (id: number) => until(() => answers().find((a) => a.id === id)),
    bySdk,
    close: () => server.close(),
  };
}

const call = (id: number, params: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });

describe('serveCallsDirectly (a stdio client’s plain tools/call past the Server’s machinery)', () => {
  it('answers a plain call with the handler’s result under the request’s id; a call with other _meta goes to the Server', async () => {
    const handled: CallParams[] = [];
    const s = await serving(async (params) => {
      handled.push(params);
      return { content: [{ type: 'text', text: `called ${params.name}` }], structuredContent: { kept: true } };
    });
    s.send(call(1, { name: 'echo', arguments: { message: 'hi' } }));
    s.send(call(2, { name: 'echo', arguments: {}, _meta: { trace: 7 } }));
    const result = { content: [{ type: 'text', text: 'called echo' }], structuredContent: { kept: true } };
    expect(await s.answer(1)).toEqual({ jsonrpc: '2.0', id: 1, result });
    expect(await s.answer(2)).toEqual({ jsonrpc: '2.0', id: 2, result });
    expect(handled).toHaveLength(2);
    expect(s.bySdk).toEqual([{ name: 'echo', arguments: {}, _meta: { trace: 7 } }]);
    await s.close();
  });

  it('serves a call with a progress token: each progress under the client’s token, all written before the result', async () => {
    const handled: CallParams[] = [];
    const s = await serving(async (params, _signal, _send, progress) => {
      handled.push(params);
      for (const step of [1, 2, 3]) progress?.({ progress: step, total: 3 });
      return { content: [{ type: 'text', text: 'done' }] };
    });
    s.send(call(1, { name: 'long', arguments: {}, _meta: { progressToken: 'p-1' } }));
    // Another _meta besides the token is the Server's: what it means is not this path's to know.
    s.send(call(2, { name: 'long', arguments: {}, _meta: { progressToken: 'p-2', other: true } }));
    await s.answer(1);
    await s.answer(2);
    const forFirst = s.answers().filter((a) => a.id === 1 || a.params?.progressToken === 'p-1');
    expect(forFirst).toEqual([
      ...[1, 2, 3].map((progress) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress, total: 3, progressToken: 'p-1' } })),
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
    expect(handled[0]).toEqual({ name: 'long', arguments: {} });
    expect(s.bySdk).toEqual([{ name: 'long', arguments: {}, _meta: { progressToken: 'p-2', other: true } }]);
    await s.close();
  });

  it('answers a throw as the Server would: its code, message and data; -32603 without a code; -32002 as -32602', async () => {
    const s = await serving(async ({ name }) => {
      if (name === 'unknown') throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Unknown tool 'unknown'", { tools: ['echo'] });
      if (name === 'legacy') throw Object.assign(new Error('resource gone'), { code: -32002 });
      throw new Error('the proxy broke');
    });
    const names = ['unknown', 'broken', 'legacy'];
    names.forEach((name, i) => {
      s.send(call(i + 1, { name }));
      // With _meta the same call goes through the Server: what it answers is the reference.
      s.send(call(i + 11, { name, _meta: { note: 'through the Server' } }));
    });
    for (const [i] of names.entries()) {
      const { id: _direct, ...direct } = await s.answer(i + 1);
      const { id: _sdk, ...sdk } = await s.answer(i + 11);
      expect(direct).toEqual(sdk);
    }
    expect(s.bySdk).toHaveLength(3);
    expect(await s.answer(1)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: "Unknown tool 'unknown'", data: { tools: ['echo'] } } });
    expect(await s.answer(2)).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'the proxy broke' } });
    expect(await s.answer(3)).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'resource gone' } });
    await s.close();
  });

  it('aborts a call the client cancels and answers it with nothing; the other calls are answered', async () => {
    const reasons: unknown[] = [];
    const s = await serving(
      (params, signal) =>
        new Promise((resolve, reject) => {
          if (params.name === 'quick') return resolve({ content: [] });
          signal.addEventListener('abort', () => {
            reasons.push(signal.reason);
            reject(new Error('cancelled'));
          });
        }),
    );
    s.send(call(1, { name: 'slow' }));
    s.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'the user cancelled' } });
    // A cancellation of no call in flight is the Server's to take (it ignores it).
    s.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } });
    s.send(call(2, { name: 'quick' }));
    expect(await s.answer(2)).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    await until(() => (reasons.length > 0 ? true : undefined));
    expect(reasons).toEqual(['the user cancelled']);
    expect(s.answers().map((a) => a.id)).toEqual([2]);
    await s.close();
  });

  it('writes nothing for a call that ends after the session closed, and says the answer could not be sent', async () => {
    const errors: Error[] = [];
    let finish: (() => void) | undefined;
    const s = await serving(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ content: [{ type: 'text', text: 'too late' }] });
        }),
      errors,
    );
    s.send(call(1, { name: 'slow' }));
    const end = await until(() => finish);
    await s.close();
    end();
    await until(() => (errors.length > 0 ? true : undefined));
    expect(errors.map((e) => e.message)).toEqual(['Failed to send response: the stdio transport is closed']);
    expect(s.answers()).toEqual([]);
  });

  it('gives the handler the Server’s request to the client, for a server’s question during the call', async () => {
    const s = await serving(async (_params, _signal, sendRequest) => {
      await sendRequest({ method: 'ping' });
      return { content: [{ type: 'text', text: 'asked' }] };
    });
    s.send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    await s.answer(0);
    s.send(call(1, { name: 'ask' }));
    const ping = await until(() => s.answers().find((a) => a.method === 'ping'));
    s.send({ jsonrpc: '2.0', id: ping.id, result: {} });
    expect(await s.answer(1)).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'asked' }] } });
    await s.close();
  });

  it('writes a result that came as its bytes (#45) as they came, in the envelope of the request', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new BoundedStdioServerTransport(1024 * 1024, () => {}, stdin, stdout);
    const server = new Server({ name: 'proxy', version: '1' }, { capabilities: { tools: {} } });
    // Escapes JSON.stringify would not write: the line shows whether the result was encoded again.
    const written = '{"content":[{"type":"text","text":"caf\\u00e9 a\\/b"}],"isError":false}';
    const pieces = [Buffer.from(written.slice(0, 10)), Buffer.from(written.slice(10, 30)), Buffer.from(written.slice(30))];
    serveCallsDirectly(
      transport,
      server,
      async () => new EncodedResult(false, pieces),
      () => {},
    );
    await server.connect(transport);
    let out = '';
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    stdin.write(`${JSON.stringify(call(7, { name: 'big' }))}\n`);
    const line = await until(() => (out.endsWith('\n') ? out : undefined));
    expect(line).toBe(`{"result":${written},"jsonrpc":"2.0","id":7}\n`);
    expect(JSON.parse(line)).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'café a/b' }], isError: false } });
    await server.close();
  });
});
