import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { LIMIT, padded, until } from '@/test/stdio-framing';
import { BoundedStdioClientTransport } from './stdio-client';

/** Our stdio client transport: it starts the server, frames its lines with a limit and ends it (proxy/stdio-server.test.ts: the server side). */
describe('BoundedStdioClientTransport (the proxy towards a server)', () => {
  const script = (body: string, env?: Record<string, string>) => ({ command: process.execPath, args: ['-e', body], stderr: 'pipe' as const, env });
  const start = async (transport: BoundedStdioClientTransport) => {
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
    return { received, exited, closed: () => closed };
  };

  it('fails only the request whose response is over the limit, and keeps the connection', async () => {
    const big = padded({ result: {}, jsonrpc: '2.0', id: 3 }, 4 * LIMIT);
    const transport = new BoundedStdioClientTransport(
      script(
        `process.stdout.write(${JSON.stringify(`${big}\n{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"still here"}}\n`)}); setTimeout(() => {}, 10000)`,
      ),
      LIMIT,
      () => {},
    );
    const { received, closed } = await start(transport);
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
    expect(closed()).toBe(false);
    await transport.closeWithin(200);
  });

  it('answers a request of the server over the limit with an error for its id, on the server stdin', async () => {
    const big = padded({ jsonrpc: '2.0', id: 9, method: 'sampling/createMessage', params: {} }, 2 * LIMIT);
    // The server says what it was answered, as a notification.
    const body = `process.stdout.write(${JSON.stringify(`${big}\n`)});
      process.stdin.once('data', (d) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: JSON.parse(String(d)) } }) + '\\n'))`;
    const logged: string[] = [];
    const transport = new BoundedStdioClientTransport(script(body), LIMIT, (m) => logged.push(m));
    const { received } = await start(transport);
    const [said] = await until(() => (received.length >= 1 ? received : undefined));
    expect(said).toMatchObject({
      params: { data: { jsonrpc: '2.0', id: 9, error: { code: -32600, message: expect.stringMatching(/^the request sampling\/createMessage was 2\.1 KiB/) } } },
    });
    expect(logged).toEqual([expect.stringMatching(/answered the server with an error$/)]);
    await transport.closeWithin(200);
  });

  it('starts the server with the default environment and its own env, gives its stderr and pid, and says when it exits', async () => {
    const transport = new BoundedStdioClientTransport(
      script(
        `console.error(JSON.stringify([process.env.FAVINDEX_GIVEN, process.env.FAVINDEX_NOT_INHERITED ?? null, process.env.PATH === ${JSON.stringify(process.env.PATH)}]))`,
        {
          FAVINDEX_GIVEN: 'given',
        },
      ),
      LIMIT,
      () => {},
    );
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // In the proxy's own environment as the server starts, and not passed on.
    process.env.FAVINDEX_NOT_INHERITED = 'x';
    const { exited } = await start(transport).finally(() => delete process.env.FAVINDEX_NOT_INHERITED);
    expect(transport.pid).toEqual(expect.any(Number));
    await exited;
    expect(JSON.parse(stderr)).toEqual(['given', null, true]);
    expect(transport.pid).toBeNull();
    await expect(transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' })).rejects.toThrow('Not connected');
  });

  it('rejects start when the command does not exist', async () => {
    const transport = new BoundedStdioClientTransport({ command: 'favindex-no-such-command' }, LIMIT, () => {});
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    await expect(transport.start()).rejects.toMatchObject({ code: 'ENOENT' });
    expect(errors).toHaveLength(1);
    await transport.closeWithin(200);
  });

  /** A server that ignores SIGTERM and the end of its stdin: only SIGKILL ends it. */
  const stubbornServer = () =>
    new BoundedStdioClientTransport(script(`process.on('SIGTERM', () => {}); process.stdin.resume(); setInterval(() => {}, 1000)`), LIMIT, () => {});

  it('ends a server that ignores SIGTERM and the end of stdin within the grace it is given', async () => {
    const transport = stubbornServer();
    const { exited } = await start(transport);
    const started = performance.now();
    await transport.closeWithin(400);
    await exited;
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('ends such a server within the grace given even while the Client close (4 s) is under way', async () => {
    const transport = stubbornServer();
    const { exited } = await start(transport);
    const started = performance.now();
    const clientClose = transport.close();
    await transport.closeWithin(400);
    await exited;
    expect(performance.now() - started).toBeLessThan(1_500);
    await clientClose;
  });
});
