import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { chunkedRequest, getRequest, RawConnection } from '@/test/raw-http';
import { ServerProcess } from './server-process';
import { createTarget, type FaultTarget } from './targets';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http, not fetch: fetch refuses to send TRACE at all. */
function send(port: number, method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function envelope(answer: Answer): { error_code: string; cited_rule: string } {
  expect(answer.headers['content-type']).toContain('application/json');
  return JSON.parse(answer.body);
}

/**
 * What reaches the built server before any route runs (§errors): a method Next cannot take, a
 * path that does not decode, a request Node cannot parse, a body over the limit. Each is a 4xx
 * envelope; before, they were bare 500s, an empty 405, a stack trace in the log, or a
 * keep-alive connection left stuck. One server for all (each server start costs 3 s of CPU).
 */
describe('refusals before the routes, on the built server', () => {
  let target: FaultTarget;
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    target = await createTarget('pglite');
    port = await freePort();
    server = new ServerProcess({ port, env: { ...target.env, FAVINDEX_DEMO: '1' } });
    await server.start();
  });

  afterAll(async () => {
    if (server?.pid) await server.stop();
    await target?.dispose();
  });

  it('answers a method the route lacks with 405, the envelope and Allow', async () => {
    for (const method of ['TRACE', 'DELETE', 'PROPFIND']) {
      const answer = await send(port, method, '/api/projects');
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
      expect(envelope(answer)).toMatchObject({ error_code: 'METHOD_NOT_ALLOWED', cited_rule: '§errors' });
    }
    expect((await send(port, 'TRACE', '/')).status).toBe(405);
    expect((await send(port, 'HEAD', '/api/projects/demo/surface')).status).toBe(200);
    expect(server.log).not.toMatch(/TypeError|is unsupported/);
  });

  it('answers a path with broken %-encoding with 400, on the surface fast path and the pages too', async () => {
    for (const path of ['/api/projects/%zz/usage', '/api/projects/%zz/surface', '/projects/%zz']) {
      const answer = await send(port, 'GET', path);
      expect(answer.status, path).toBe(400);
      expect(envelope(answer)).toMatchObject({ error_code: 'MALFORMED_REQUEST' });
    }
  });

  it('answers what Node cannot parse with the envelope too', async () => {
    const answer = await send(port, 'FOO', '/api/projects');
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(envelope(answer)).toMatchObject({ error_code: 'MALFORMED_REQUEST' });
  });

  it('answers a date the database cannot store with 400, logging no SQL', async () => {
    const answer = await send(port, 'GET', '/api/projects/demo/usage?until=9999-12-31');
    expect(answer.status).toBe(400);
    expect(envelope(answer)).toMatchObject({ error_code: 'INVALID_PARAMETER' });
    expect(server.log).not.toMatch(/select|params:/i);
  });

  /**
   * A body refused before it was all read (413 on a chunked body) must not leave the keep-alive
   * connection stuck: the next request on it is answered, or the refusal said
   * `Connection: close` and the server closed it at once. Before, the third request of GET,
   * 2 MiB chunked POST, GET got no answer until the socket was reset 65 s later.
   */
  it.each([
    { name: 'a chunked body over the limit', chunked: true },
    { name: 'a Content-Length over the limit', chunked: false },
  ])('GET, then $name (413), then GET on one socket', async ({ chunked }) => {
    const connection = await RawConnection.open(port);
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
