import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { LIMIT, padded, until } from '@/test/stdio-framing';
import { BoundedStdioServerTransport } from './stdio-server';

/**
 * The bounded reader in the SDK's stdio server transport. This fails if a new SDK stops reading
 * through `_readBuffer`: its own buffer would throw past the limit and close the transport.
 */
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
});
