import http from 'node:http';
import { requestToBodyStream } from 'next/dist/server/body-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { chunkedRequest, getRequest, RawConnection, type RawResponse } from '@/test/raw-http';
import { readBodyBytes } from './body';
import { closeWhenBodyUnread, LINGER_MS } from './unread-body';

const LIMIT = 1024 * 1024;
/** A refusal that takes a while to be written, as one through Next's error path under load does. */
const ANSWER_DELAY_MS = 50;

/**
 * A body over the limit is refused with 413 while the client is still sending it. The handler
 * gets the body as Next hands it over (Next's own conversion of the Node request), so what
 * Next does when the reader stops is part of what this sees. A reset is what loses an answer:
 * a client meets it on a write before it has read the 413 (CI saw "closed, no 413").
 */
describe('a request body refused partway', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      closeWhenBodyUnread(req, res);
      if (req.method === 'GET') {
        if (req.url === '/at-once') res.end('ok');
        else setImmediate(() => res.end('ok'));
        return;
      }
      const body = requestToBodyStream({ ReadableStream }, Uint8Array, req);
      const request = new Request('http://127.0.0.1/', { method: 'POST', body, duplex: 'half' } as RequestInit);
      const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', 'too large', { suggestedAction: 'send less', citedRule: '§errors' });
      readBodyBytes(request, LIMIT, tooLarge).catch((err: ApiError) => {
        setTimeout(() => res.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify(err.toEnvelope())), ANSWER_DELAY_MS);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function refusal(connection: RawConnection): Promise<RawResponse> {
    const refused = await connection.response(10_000);
    if (typeof refused === 'string') throw new Error(`no 413 but ${refused} (${connection.error ?? 'no socket error'})`);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ error_code: 'PAYLOAD_TOO_LARGE' });
    return refused;
  }

  it('sent all at once: the 413 arrives with no reset, and the connection serves on or closes', async () => {
    for (let i = 0; i < 5; i++) {
      const connection = await RawConnection.open(port);
      try {
        await connection.write(getRequest('/'));
        expect(await connection.response(5_000)).toMatchObject({ status: 200 });
        const parts = chunkedRequest('POST', '/', 8 * LIMIT);
        const written = Promise.all(parts.map((part) => connection.write(part)));
        const refused = await refusal(connection);
        expect(await written, 'every part of the body was taken').not.toContain(false);
        if (refused.headers.connection === 'close') {
          expect(await connection.closedWithin(LINGER_MS + 2_000)).toBe(true);
        } else {
          await connection.write(getRequest('/'));
          expect(await connection.response(5_000)).toMatchObject({ status: 200 });
        }
        expect(connection.error).toBeUndefined();
      } finally {
        connection.destroy();
      }
    }
  });

  it('still being sent after the answer: Connection: close, the rest is taken without a reset, then the socket closes', async () => {
    const connection = await RawConnection.open(port);
    try {
      const parts = chunkedRequest('POST', '/', 4 * LIMIT);
      const half = Math.ceil(parts.length / 2);
      for (const part of parts.slice(0, half)) await connection.write(part);
      const refused = await refusal(connection);
      expect(refused.headers.connection).toBe('close');
      for (const part of parts.slice(half)) expect(await connection.write(part), 'the server still reads after its answer').toBe(true);
      connection.end();
      expect(await connection.closedWithin(LINGER_MS + 2_000)).toBe(true);
      expect(connection.error).toBeUndefined();
    } finally {
      connection.destroy();
    }
  });

  it('a client that never stops sending is cut off once the linger is over', async () => {
    const connection = await RawConnection.open(port, { allowHalfOpen: true });
    try {
      const parts = chunkedRequest('POST', '/', 2 * LIMIT);
      for (const part of parts.slice(0, -1)) await connection.write(part);
      expect((await refusal(connection)).headers.connection).toBe('close');
      const chunk = parts[1] as Buffer;
      const started = Date.now();
      while (!connection.closed && Date.now() - started < LINGER_MS * 3) {
        await connection.write(chunk);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(connection.closed).toBe(true);
      expect(Date.now() - started, 'cut off after the linger, not at once').toBeGreaterThanOrEqual(LINGER_MS - 100);
    } finally {
      connection.destroy();
    }
  });

  it('leaves a bodiless request answered at once on its keep-alive connection', async () => {
    const connection = await RawConnection.open(port);
    try {
      await connection.write(getRequest('/at-once'));
      const first = await connection.response(5_000);
      if (typeof first === 'string') throw new Error(first);
      expect(first.headers.connection).not.toBe('close');
      await connection.write(getRequest('/at-once'));
      expect(await connection.response(5_000)).toMatchObject({ status: 200 });
    } finally {
      connection.destroy();
    }
  });
});
