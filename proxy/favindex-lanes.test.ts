import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyReport } from '@/test/proxy-reports';
import { FavindexApi } from './favindex-api';

/** A favindex that holds every trace post until the test lets it go, and answers reports at once. */
const held: (() => void)[] = [];
const report = proxyReport([{ name: 'github', tools: 3 }]);
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const answer = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'POST') held.push(() => answer({ accepted: 1, duplicates: 0, rejected: [] }));
    else answer({ ...report, id: 'proxy-lanes', firstSeenAt: new Date().toISOString(), lastSeenAt: new Date().toISOString(), connected: true });
  });
});
let api: FavindexApi;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = new FavindexApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'lanes', 'fvx_token', 5_000);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the proxy's requests to favindex", () => {
  // Issue 48: a proxy's report must never wait for its trace post, however slow favindex is to take it.
  it('send a report while a trace post waits for its answer: each in a lane of its own', async () => {
    const posted = api.postEvents('{"id":"a"}\n');
    await new Promise<void>((resolve) => {
      const check = () => (held.length > 0 ? resolve() : setTimeout(check, 5));
      check();
    });
    const reported = await api.putProxyReport('proxy-lanes', report);
    expect(reported.id).toBe('proxy-lanes');
    expect(held).toHaveLength(1);
    held.shift()?.();
    expect((await posted).accepted).toBe(1);
  });
});
