import { Server } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_HTTP_INITIALIZE_BYTES } from '@/lib/limits';
import { listenHttp } from './http-listener';

const SECRET = 's'.repeat(40);
let listener: Awaited<ReturnType<typeof listenHttp>>;
let started = 0;

beforeAll(async () => {
  listener = await listenHttp(
    '127.0.0.1',
    0,
    () => {
      started++;
      return new Server({ name: 'test', version: '1' }, { capabilities: {} });
    },
    { idleMs: 60_000, secret: { value: SECRET, made: false, where: '/state/http-secret' }, log: () => {} },
  );
});

afterAll(async () => {
  await listener?.close();
});

const initialize = (name = 'c') =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name, version: '1' } },
  });

async function post(body: string, headers: Record<string, string> = {}, path = '/mcp') {
  const res = await fetch(listener.url.replace('/mcp', path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${SECRET}`, ...headers },
    body,
  });
  return { status: res.status, text: await res.text() };
}

describe('listenHttp', () => {
  it('starts no session for a request it refuses: Host, Origin, path, secret, no initialize, too large', async () => {
    const before = started;
    expect((await post(initialize(), { origin: 'http://evil.example' })).status).toBe(403);
    expect((await post(initialize(), { origin: 'null', authorization: '' })).status).toBe(403);
    expect((await post(initialize(), {}, '/.well-known/oauth-protected-resource')).status).toBe(404);
    const unauthorized = await post(initialize(), { authorization: 'Bearer nope' });
    expect(unauthorized.status).toBe(401);
    expect(JSON.parse(unauthorized.text).error.message).toContain('The secret is in /state/http-secret');
    const list = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(list.status).toBe(400);
    expect(JSON.parse(list.text).error.message).toMatch(/a session starts with an initialize request/);
    expect((await post('{not json')).status).toBe(400);
    const huge = JSON.stringify({ ...JSON.parse(initialize()), padding: 'x'.repeat(PROXY_HTTP_INITIALIZE_BYTES) });
    expect((await post(huge)).status).toBe(413);
    expect(started).toBe(before);
  });

  it('starts one for an initialize with the secret and no Origin', async () => {
    const before = started;
    expect((await post(initialize())).status).toBe(200);
    expect(started).toBe(before + 1);
  });
});
