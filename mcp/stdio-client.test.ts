import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { LIMIT, padded, until } from '@/test/stdio-framing';
import { BoundedStdioClientTransport } from './stdio-client';

/**
 * The bounded reader in the SDK's stdio client transport (proxy/stdio-server.test.ts: the server one). These fail if a new SDK stops reading
 * through `_readBuffer`: its own buffer would throw past the limit and close the transport.
 */
describe('BoundedStdioClientTransport (the proxy towards a server)', () => {
  const script = (body: string) => ({ command: process.execPath, args: ['-e', body], stderr: 'pipe' as const });

  it('fails only the request whose response is over the limit, and keeps the connection', async () => {
    const big = padded({ result: {}, jsonrpc: '2.0', id: 3 }, 4 * LIMIT);
    const transport = new BoundedStdioClientTransport(
      script(
        `process.stdout.write(${JSON.stringify(`${big}\n{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"still here"}}\n`)}); setTimeout(() => {}, 10000)`,
      ),
      LIMIT,
      () => {},
    );
    const received: JSONRPCMessage[] = [];
    let closed = false;
    const exited = new Promise<void>((resolve) => {
      transport.onclose = () => {
        closed = true;
        resolve();
      };
    });
    transport.onmessage = (m) => received.push(m);
    await transport.start();
    await until(() => (received.length >= 2 ? true : undefined));
    expect(received[0]).toMatchObject({
      id: 3,
      error: {
        code: -32603,
        message: expect.stringMatching(/^the response was 4\.0 KiB; the proxy passes at most 1 KiB per message \(--max-message-mb\)$/),
        data: { reason: 'message_too_large', bytes: Buffer.byteLength(big), limitBytes: LIMIT },
      },
    });
    expect(received[1]).toMatchObject({ method: 'notifications/message' });
    expect(closed).toBe(false);
    await transport.closeWithin(200, exited);
  });

  it('ends a server that ignores SIGTERM and the end of stdin within the grace it is given', async () => {
    const transport = new BoundedStdioClientTransport(
      script(`process.on('SIGTERM', () => {}); process.stdin.resume(); setInterval(() => {}, 1000)`),
      LIMIT,
      () => {},
    );
    const exited = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
    });
    await transport.start();
    const started = performance.now();
    await transport.closeWithin(400, exited);
    await exited;
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
