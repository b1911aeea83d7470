import { PassThrough } from 'node:stream';
import { Server } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { EncodedResult } from '@/mcp/encoded-result';
import { LIMIT, padded, until } from '@/test/stdio-framing';
import { BoundedStdioServerTransport } from './stdio-server';

/** Our stdio server transport: it frames the client's lines with a limit, answers what it cannot take, and closes as the SDK's does (mcp/stdio-client.test.ts: the client side). */
describe('BoundedStdioServerTransport (the proxy towards its client)', () => {
  it('answers a request over the limit, a line that is not JSON and a batch, and keeps reading', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const logged: string[] = [];
    const transport = new BoundedStdioServerTransport(LIMIT, (m) => logged.push(m), stdin, stdout);
    const received: JSONRPCMessage[] = [];
    let closed = false;
    transport.onmessage = (m) => received.push(m);
    transport.onclose = () => {
      closed = true;
    };
    await transport.start();
    let out = '';
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    stdin.write(`${padded({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x' } }, 2 * LIMIT)}\n`);
    stdin.write('{oops\n');
    stdin.write('[{"jsonrpc":"2.0","id":6,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]\n');
    stdin.write('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
    const answers = await until(() => {
      const lines = out.split('\n').filter(Boolean);
      return lines.length >= 3 && received.length >= 1 ? lines.map((l) => JSON.parse(l)) : undefined;
    });
    expect(answers[0]).toMatchObject({
      id: 5,
      error: {
        code: -32600,
        message: expect.stringMatching(/^the tools\/call request was 2\.1 KiB; the proxy passes at most 1 KiB per message \(--max-message-mb\)$/),
      },
    });
    expect(answers[1]).toMatchObject({ id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
    expect(answers[2]).toEqual([
      { jsonrpc: '2.0', id: 6, error: { code: -32600, message: expect.stringMatching(/batches are not part of MCP since protocol version 2025-06-18/) } },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 7, method: 'ping' }]);
    expect(closed).toBe(false);
    expect(logged).toHaveLength(3);
    await transport.close();
  });

  it('writes a large tools/call result (#45) as the bytes its server wrote, in the envelope of the request the Server answers', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new BoundedStdioServerTransport(1024 * 1024, () => {}, stdin, stdout);
    const server = new Server({ name: 'proxy', version: '1' }, { capabilities: { tools: {} } });
    // Escapes JSON.stringify would not write: the line shows whether the result was encoded again.
    const written = '{"content":[{"type":"text","text":"caf\\u00e9 a\\/b"}],"isError":false}';
    const pieces = [Buffer.from(written.slice(0, 10)), Buffer.from(written.slice(10, 30)), Buffer.from(written.slice(30))];
    const held: { cancelled?: () => void } = {};
    server.setRequestHandler('tools/call', async (request, ctx) => {
      if (request.params.name === 'small') return { content: [{ type: 'text', text: 'a value' }] };
      const standIn = transport.resultAsBytes(ctx.mcpReq.id, new EncodedResult(false, pieces), ctx.mcpReq.signal);
      // 'slow' ends only after the client cancelled it.
      if (request.params.name === 'slow') await new Promise<void>((resolve) => ctx.mcpReq.signal.addEventListener('abort', () => (held.cancelled = resolve)));
      return standIn;
    });
    await server.connect(transport);
    let out = '';
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const call = (id: number, name: string) => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } })}\n`);
    call(7, 'big');
    const line = await until(() => (out.endsWith('\n') ? out : undefined));
    expect(line).toBe(`{"result":${written},"jsonrpc":"2.0","id":7}\n`);
    expect(JSON.parse(line)).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'café a/b' }], isError: false } });

    // A call cancelled after its bytes were set aside is answered with nothing, and its id, used again, gets its own answer.
    out = '';
    call(8, 'slow');
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 8 } })}\n`);
    (await until(() => held.cancelled))();
    call(8, 'small');
    const next = await until(() => (out.endsWith('\n') ? out : undefined));
    expect(
      next
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    ).toEqual([{ jsonrpc: '2.0', id: 8, result: { content: [{ type: 'text', text: 'a value' }] } }]);
    await server.close();
  });

  it('closes when the client ends stdin, and sends nothing after', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new BoundedStdioServerTransport(LIMIT, () => {}, stdin, stdout);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await transport.start();
    stdin.end();
    stdin.resume();
    await closed;
    await expect(transport.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })).rejects.toThrow('closed');
  });

  it('closes at once on a stdin the client already ended', async () => {
    const stdin = new PassThrough();
    stdin.end();
    stdin.resume();
    await until(() => (stdin.readableEnded ? true : undefined));
    const transport = new BoundedStdioServerTransport(LIMIT, () => {}, stdin, new PassThrough());
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await transport.start();
    await closed;
  });

  it('reports a stdout error and closes; a later one, once closed, is swallowed', async () => {
    const stdout = new PassThrough();
    const transport = new BoundedStdioServerTransport(LIMIT, () => {}, new PassThrough(), stdout);
    const errors: string[] = [];
    let closes = 0;
    transport.onerror = (error) => errors.push(error.message);
    transport.onclose = () => closes++;
    await transport.start();
    stdout.emit('error', new Error('EPIPE'));
    stdout.emit('error', new Error('EPIPE again'));
    expect(errors).toEqual(['EPIPE']);
    expect(closes).toBe(1);
    // A transport started on the same stream later takes the closed one's listener off.
    const next = new BoundedStdioServerTransport(LIMIT, () => {}, new PassThrough(), stdout);
    await next.start();
    expect(stdout.listenerCount('error')).toBe(1);
    await next.close();
  });

  it('resolves a send once stdout has taken the line (after its drain)', async () => {
    const stdout = new PassThrough({ highWaterMark: 16 });
    const transport = new BoundedStdioServerTransport(LIMIT, () => {}, new PassThrough(), stdout);
    await transport.start();
    let sent = false;
    const sending = transport.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }).then(() => {
      sent = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(false);
    expect(JSON.parse(String(stdout.read()))).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await sending;
    await transport.close();
  });
});
