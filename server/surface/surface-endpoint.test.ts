import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchSurfacePath } from '@/server/http/node-bridge';
import { request } from '@/test/api';
import { bearer, createToken, withPassword } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { untilListening } from '@/test/surface-notifications';
import { writeFavourites } from '@/server/favourites/favourites';
import { revokeProjectToken } from '@/server/tokens/tokens';
import { surfaceRoute } from './surface-route';

const t = setupTestDatabase();

// server.ts answers GET /surface from node:http (surfaceRoute.serveNode) ahead of Next, which
// calls the same handler as its route. A proxy must get the same answer whichever path it reaches.
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const match = matchSurfacePath(req.url);
    if (!match) return void res.writeHead(404).end();
    surfaceRoute.serveNode(req, res, match).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const COMPARED = ['etag', 'cache-control', 'content-type', 'www-authenticate', 'retry-after'];

/** A GET or HEAD from node:http (which, unlike fetch, sends the Host header it is given). */
function direct(path: string, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers: out, text: Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function both(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const method = init.method ?? 'GET';
  const fromNode = await direct(path, method, init.headers ?? {});
  const viaNext = await request(method, path, { headers: init.headers });
  const pick = (h: Headers) => Object.fromEntries(COMPARED.map((n) => [n, h.get(n)]));
  return {
    direct: { status: fromNode.status, headers: pick(fromNode.headers), text: fromNode.text, length: fromNode.headers.get('content-length') },
    next: { status: viaNext.status, headers: pick(viaNext.headers), text: viaNext.text },
  };
}

describe('GET /surface from node:http and through the Next route', () => {
  it('gives the same bytes, ETag and status for 200, 304 and HEAD', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    const full = await both(`/api/projects/${id}/surface?mode=lazy`);
    expect(full.direct.status).toBe(200);
    expect(full.direct).toMatchObject(full.next);
    expect(Number(full.direct.length)).toBe(Buffer.byteLength(full.next.text));
    expect(JSON.parse(full.direct.text).project).toBe(id);

    const etag = full.direct.headers.etag!;
    const notModified = await both(`/api/projects/${id}/surface?mode=lazy`, { headers: { 'if-none-match': etag } });
    expect(notModified.direct).toMatchObject({ status: 304, text: '' });
    expect(notModified.direct).toMatchObject(notModified.next);

    const head = await fetch(`${origin}/api/projects/${id}/surface?mode=lazy`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('content-length')).toBe(full.direct.length);
    expect(await head.text()).toBe('');
  });

  it('refuses the same way: an unknown project, a bad mode, a bad query value, a foreign host', async () => {
    const id = await createTestProject(['github']);
    for (const [path, status, code] of [
      ['/api/projects/no-such-project/surface', 404, 'PROJECT_NOT_FOUND'],
      [`/api/projects/${id}/surface?mode=everything`, 400, null],
      [`/api/projects/${id}/surface?mode=${'x'.repeat(5000)}`, 400, 'INVALID_PARAMETER'],
    ] as const) {
      const answer = await both(path);
      expect(answer.direct.status, path).toBe(status);
      expect(answer.direct, path).toMatchObject(answer.next);
      if (code) expect(JSON.parse(answer.direct.text).error_code).toBe(code);
    }
    // DNS rebinding: local mode answers loopback names only, on both paths.
    const rebound = await both(`/api/projects/${id}/surface`, { headers: { host: 'evil.example' } });
    expect(rebound.direct.status).toBe(403);
    expect(JSON.parse(rebound.direct.text).error_code).toBe('ORIGIN_REJECTED');
  });
});

/** A project with a surface:read token, one without the scope, and another project's token. */
async function projectWithTokens() {
  const id = await createTestProject(['github']);
  const other = await createTestProject(['github']);
  return {
    id,
    own: await createToken(id, ['surface:read']),
    foreign: await createToken(other, ['surface:read']),
    noScope: await createToken(id, ['events:write']),
  };
}

describe('GET /surface with project tokens, from node:http', () => {
  it('answers a proxy token its own document and refuses a wrong or foreign token as Next does', async () => {
    const { id, own, foreign, noScope } = await projectWithTokens();

    await withPassword('correct horse battery', async () => {
      const ok = await both(`/api/projects/${id}/surface`, { headers: bearer(own.token) });
      expect(ok.direct.status).toBe(200);
      expect(ok.direct).toMatchObject(ok.next);

      for (const [headers, status] of [
        [{}, 401],
        [bearer('fvx_not_a_token'), 401],
        [bearer(foreign.token), 403],
        [bearer(noScope.token), 403],
      ] as const) {
        const refused = await both(`/api/projects/${id}/surface`, { headers });
        expect(refused.direct.status).toBe(status);
        expect(refused.direct).toMatchObject(refused.next);
      }
    });
  });
});

describe('an unchanged poll from node:http', () => {
  it('gives the bytes and ETag Next gives while nothing changed, and sees a change on the next poll', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    await untilListening(t.database);
    const path = `/api/projects/${id}/surface`;
    await direct(path, 'GET', {});
    const kept = await direct(path, 'GET', {});
    const viaNext = await request('GET', path);
    expect(kept.status).toBe(200);
    expect(kept.text).toBe(viaNext.text);
    expect(kept.headers.get('etag')).toBe(viaNext.headers.get('etag'));
    const etag = kept.headers.get('etag')!;
    const notModified = await direct(path, 'GET', { 'if-none-match': etag });
    expect(notModified).toMatchObject({ status: 304, text: '' });

    await writeFavourites(t.db, id, { enabled: true, maxFavourites: 15, tools: ['github/create_issue'] }, { via: 'api' });
    const changed = await direct(path, 'GET', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(JSON.parse(changed.text).version).not.toEqual(JSON.parse(kept.text).version);
  });

  it('gives a failure to write as its promise, never as a throw in the request listener', async () => {
    const id = await createTestProject(['github']);
    await untilListening(t.database);
    await direct(`/api/projects/${id}/surface`, 'GET', {});
    const req = Object.assign(new http.IncomingMessage(new net.Socket()), {
      method: 'GET',
      url: `/api/projects/${id}/surface`,
      headers: { host: '127.0.0.1' },
    });
    const res = new http.ServerResponse(req);
    res.writeHead = () => {
      throw new Error('the socket is gone');
    };
    let answered: Promise<void> | undefined;
    expect(() => {
      answered = surfaceRoute.serveNode(req, res, { id });
    }).not.toThrow();
    await expect(answered).rejects.toThrow('the socket is gone');
  });

  it('checks every poll of a kept document: a foreign host, a bad mode', async () => {
    const id = await createTestProject(['github']);
    await untilListening(t.database);
    await direct(`/api/projects/${id}/surface`, 'GET', {});
    const rebound = await direct(`/api/projects/${id}/surface`, 'GET', { host: 'evil.example' });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text).error_code).toBe('ORIGIN_REJECTED');
    const badMode = await direct(`/api/projects/${id}/surface?mode=everything`, 'GET', {});
    expect(badMode.status).toBe(400);
  });

  it('with a kept token, refuses it on the next poll once it is revoked', async () => {
    const { id, own, foreign, noScope } = await projectWithTokens();
    await withPassword('correct horse battery', async () => {
      const path = `/api/projects/${id}/surface`;
      expect((await direct(path, 'GET', bearer(own.token))).status).toBe(200);
      expect((await direct(path, 'GET', bearer(own.token))).status).toBe(200);
      for (const [token, status] of [
        [foreign.token, 403],
        [noScope.token, 403],
      ] as const) {
        await direct(path, 'GET', bearer(token));
        const refused = await direct(path, 'GET', bearer(token));
        expect(refused.status).toBe(status);
        expect(JSON.parse(refused.text).error_code).toBe('FORBIDDEN');
      }
      await revokeProjectToken(t.app, id, own.id);
      const revoked = await direct(path, 'GET', bearer(own.token));
      expect(revoked.status).toBe(401);
      expect(JSON.parse(revoked.text).message).toContain('revoked');
    });
    // The missing scope is recorded for the Tokens tab.
    const listed = await request('GET', `/api/projects/${id}/tokens`);
    expect(listed.body.tokens.find((k: { id: string }) => k.id === noScope.id)?.refused).toMatchObject({ scope: 'surface:read' });
  });
});
