import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEventsPath } from '@/server/http/node-bridge';
import { ndjson, request } from '@/test/api';
import { bearer, createToken, withPassword } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event, storedEventCount } from '@/test/fixtures';
import { ingestRoute } from './ingest-route';

const t = setupTestDatabase();

// server.ts takes POST /events from node:http (ingestRoute.serveNode) ahead of Next, which calls
// the same handler as its route: a proxy must get the same answer whichever path it reaches.
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const match = req.method === 'POST' ? matchEventsPath(req.url) : null;
    if (!match) return void res.writeHead(404).end();
    ingestRoute.serveNode(req, res, match).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A POST from node:http, its body in one piece or in chunks (no Content-Length). */
function direct(path: string, headers: Record<string, string>, body: string, chunked = false) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    req.on('error', reject);
    if (!chunked) return void req.end(body);
    for (let at = 0; at < body.length; at += 1 << 20) req.write(body.slice(at, at + (1 << 20)));
    req.end();
  });
}

const NDJSON = { 'content-type': 'application/x-ndjson' };

describe('POST /events from node:http and through the Next route', () => {
  it('stores a batch and answers as Next does, and a batch sent again is duplicates on either path', async () => {
    const id = await createTestProject(['github']);
    const body = ndjson([event('n1', 'github/list_issues'), event('n2', 'github/get_issue'), { id: 'bad' }]);
    const fromNode = await direct(`/api/projects/${id}/events`, NDJSON, body);
    expect(fromNode.status).toBe(200);
    expect(fromNode.body).toMatchObject({ accepted: 2, duplicates: 0, rejected: [{ index: 2, error_code: 'VALIDATION_FAILED' }] });
    const viaNext = await request('POST', `/api/projects/${id}/events`, { body, headers: NDJSON });
    expect(viaNext.body).toEqual({ ...fromNode.body, accepted: 0, duplicates: 2 });
    expect(await storedEventCount(t.db, id)).toBe(2);
  });

  it('refuses the same way: an unknown project, a media type it does not take, a body too large declared or streamed', async () => {
    const id = await createTestProject(['github']);
    const huge = ndjson(Array.from({ length: 11_000 }, (_, i) => event(`h${i}`, 'github/list_issues', { model: 'm'.repeat(900) })));
    for (const [path, headers, body, chunked, status, code] of [
      ['/api/projects/no-such-project/events', NDJSON, ndjson([event('x', 'github/list_issues')]), false, 404, 'PROJECT_NOT_FOUND'],
      [`/api/projects/${id}/events`, { 'content-type': 'text/csv' }, 'id,tool\n', false, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [`/api/projects/${id}/events`, NDJSON, huge, false, 413, 'PAYLOAD_TOO_LARGE'],
      [`/api/projects/${id}/events`, NDJSON, huge, true, 413, 'PAYLOAD_TOO_LARGE'],
    ] as const) {
      const fromNode = await direct(path, headers, body, chunked);
      const viaNext = await request('POST', path, { body, headers });
      expect(fromNode.status, `${path} ${code}`).toBe(status);
      expect(fromNode.body.error_code).toBe(code);
      expect(fromNode.body).toEqual(viaNext.body);
    }
    // Nothing of the refused bodies was stored.
    expect(await storedEventCount(t.db, id)).toBe(0);
  });

  it('takes a proxy token with events:write and refuses one without it, or none, in password mode', async () => {
    const id = await createTestProject(['github']);
    const writer = await createToken(id, ['events:write']);
    const reader = await createToken(id, ['surface:read']);
    await withPassword('correct horse battery', async () => {
      const path = `/api/projects/${id}/events`;
      const ok = await direct(path, { ...NDJSON, ...bearer(writer.token) }, ndjson([event('t1', 'github/list_issues')]));
      expect(ok).toMatchObject({ status: 200, body: { accepted: 1 } });
      for (const [headers, status] of [
        [{}, 401],
        [bearer(reader.token), 403],
      ] as const) {
        const refused = await direct(path, { ...NDJSON, ...headers }, ndjson([event('t2', 'github/list_issues')]));
        expect(refused.status).toBe(status);
        expect(refused.body).toEqual(
          (await request('POST', path, { body: ndjson([event('t2', 'github/list_issues')]), headers: { ...NDJSON, ...headers } })).body,
        );
      }
    });
    expect(await storedEventCount(t.db, id)).toBe(1);
  });
});
