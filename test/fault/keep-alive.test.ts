import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { chunkedRequest, getRequest, RawConnection } from '@/test/raw-http';
import { ServerProcess } from './server-process';
import { createTarget, type FaultTarget } from './targets';

/**
 * A body refused before it was all read (413 on a chunked body) must not leave the keep-alive
 * connection stuck (§errors): the next request on it is answered, or the refusal said
 * `Connection: close` and the server closed it at once. Before, the third request of
 * GET, 2 MiB chunked POST, GET got no answer until the socket was reset 65 s later.
 */
describe('a keep-alive connection after an early refusal, on the built server', () => {
  let target: FaultTarget;
  let server: ServerProcess;

  beforeAll(async () => {
    target = await createTarget('pglite');
    server = new ServerProcess({ port: await freePort(), env: target.env });
    await server.start();
  });

  afterAll(async () => {
    if (server?.pid) await server.stop();
    await target?.dispose();
  });

  it.each([
    { name: 'a chunked body over the limit', chunked: true },
    { name: 'a Content-Length over the limit', chunked: false },
  ])('GET, then $name (413), then GET on one socket', async ({ chunked }) => {
    const connection = await RawConnection.open(server.options.port);
    try {
      await connection.write(getRequest('/api/projects'));
      expect(await connection.response(5_000)).toMatchObject({ status: 200 });

      const bytes = 2 * 1024 * 1024;
      if (chunked) {
        // Not awaited one by one: a server that stops reading must not stall the test's writes.
        for (const part of chunkedRequest('POST', '/api/projects', bytes, { 'Content-Type': 'application/json' })) void connection.write(part);
      } else {
        const head = `POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`;
        void connection.write(Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 0x20)]));
      }
      const refused = await connection.response(10_000);
      if (typeof refused === 'string') throw new Error(`no 413 but ${refused} (${connection.error ?? 'no socket error'})`);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ error_code: 'PAYLOAD_TOO_LARGE' });

      if (refused.headers.connection?.toLowerCase() === 'close') {
        expect(await connection.closedWithin(5_000), 'the server said Connection: close but kept the socket open').toBe(true);
        return;
      }
      await connection.write(getRequest('/api/projects'));
      expect(await connection.response(5_000)).toMatchObject({ status: 200 });
    } finally {
      connection.destroy();
    }
  });
});
