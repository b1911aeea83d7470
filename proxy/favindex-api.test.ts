import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FavindexApi, FavindexError } from './favindex-api';

/** favindex as the proxy meets it over HTTP: each request kept, each answer set by the test. */
const asked: { method: string; url: string; authorization?: string; type?: string }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const server = http.createServer((req, res) => {
  asked.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, type: req.headers['content-type'] });
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
});
let api: FavindexApi;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = new FavindexApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'my agent', 'fvx_token', 5_000);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
});

const catalogResult = { server: 'git hub', version: 1, fingerprint: 'f', changed: true, added: [], removed: [], changedTools: [], resolvedCalls: 0 };

describe("the proxy's calls of favindex", () => {
  it('go to the declared endpoints, the project and server names encoded, with the token', async () => {
    answer = { status: 200, body: catalogResult };
    await api.putCatalog('git hub', []);
    answer = { status: 200, body: { accepted: 1, duplicates: 0, rejected: [] } };
    await api.postEvents('{}\n');
    expect(asked).toEqual([
      { method: 'PUT', url: '/api/projects/my%20agent/catalog/git%20hub', authorization: 'Bearer fvx_token', type: 'application/json' },
      { method: 'POST', url: '/api/projects/my%20agent/events', authorization: 'Bearer fvx_token', type: 'application/x-ndjson' },
    ]);
  });

  it('say which endpoint refused and which scope the token lacks', async () => {
    answer = {
      status: 403,
      body: { error_code: 'FORBIDDEN', message: 'this token lacks the scope catalog:write (it has surface:read)', retryable: false },
    };
    const refused = await api.putCatalog('github', []).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(FavindexError);
    expect(refused).toMatchObject({
      message: 'favindex refused PUT /catalog: this token lacks the scope catalog:write (it has surface:read) (HTTP 403 FORBIDDEN)',
      status: 403,
      retry: false,
      missingScope: 'catalog:write',
    });
  });

  it('refuse an answer that is not the contract, as one the proxy cannot use', async () => {
    answer = { status: 200, body: { accepted: 'all' } };
    await expect(api.postEvents('{}\n')).rejects.toThrow(/favindex answered POST \/events with something this proxy does not know/);
  });
});
