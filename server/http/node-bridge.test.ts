import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchSurfacePath, runRouteHandler } from './node-bridge';

let server: http.Server;
let base: string;
const seen: { url: string; method: string; header: string | null; params: unknown }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const match = matchSurfacePath(req.url);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    void runRouteHandler(
      async (request, ctx) => {
        seen.push({ url: request.url, method: request.method, header: request.headers.get('if-none-match'), params: await ctx.params });
        if (request.headers.get('if-none-match') === '"v1"') return new Response(null, { status: 304, headers: { etag: '"v1"' } });
        if (request.url.includes('boom')) throw new Error('boom');
        const headers = new Headers({ etag: '"v1"', 'content-type': 'application/json' });
        headers.append('set-cookie', 'a=1');
        headers.append('set-cookie', 'b=2');
        return new Response('{"ok":true}', { status: 200, headers });
      },
      match,
      req,
      res,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('runRouteHandler', () => {
  it('hands the handler a Request with the URL, headers and params, and writes its response back', async () => {
    const res = await fetch(`${base}/api/projects/my%20proj/surface?mode=eager`, { headers: { 'x-test': '1' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"ok":true}');
    expect(res.headers.get('etag')).toBe('"v1"');
    expect(res.headers.get('content-length')).toBe('11');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', params: { id: 'my proj' } });
    expect(new URL(seen.at(-1)!.url).search).toBe('?mode=eager');
  });

  it('sends a 304 and a HEAD answer without a body', async () => {
    const notModified = await fetch(`${base}/api/projects/p/surface`, { headers: { 'if-none-match': '"v1"' } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    const head = await fetch(`${base}/api/projects/p/surface`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('11');
    expect(await head.text()).toBe('');
  });

  it('turns a thrown error into the 500 envelope, leaking nothing', async () => {
    const res = await fetch(`${base}/api/projects/p/surface?boom=1`);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error_code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('boom');
  });
});

describe('matchSurfacePath', () => {
  it('matches only the surface path of a project', () => {
    expect(matchSurfacePath('/api/projects/demo/surface')).toEqual({ id: 'demo' });
    expect(matchSurfacePath('/api/projects/demo/surface?mode=lazy')).toEqual({ id: 'demo' });
    expect(matchSurfacePath('/api/projects/demo/surfaces')).toBeNull();
    expect(matchSurfacePath('/api/projects/demo/surface/x')).toBeNull();
    expect(matchSurfacePath('/api/projects/a/b/surface')).toBeNull();
    expect(matchSurfacePath('/api/projects/%E0%A4%A/surface')).toBeNull();
  });
});
