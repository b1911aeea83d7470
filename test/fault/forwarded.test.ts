import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { ServerProcess } from './server-process';
import { createTarget, type FaultTarget } from './targets';

const PASSWORD = 'forwarded-fault-password';

/**
 * On the built server, X-Forwarded-Proto and -Host from a client count for nothing unless
 * FAVINDEX_TRUST_PROXY=1 (§auth): Next builds the request URL from X-Forwarded-Proto, so
 * server.ts drops the headers before Next sees them.
 */
describe.each([false, true])('forwarding headers on the built server, FAVINDEX_TRUST_PROXY=%s', (trusted) => {
  let target: FaultTarget;
  let server: ServerProcess;

  beforeAll(async () => {
    target = await createTarget('pglite');
    server = new ServerProcess({ port: await freePort(), env: { ...target.env, FAVINDEX_TRUST_PROXY: trusted ? '1' : '' }, password: PASSWORD });
    await server.start();
  });

  afterAll(async () => {
    if (server?.pid) await server.stop();
    await target?.dispose();
  });

  it(trusted ? 'take the proxy at its word' : 'are ignored: no Secure cookie, no foreign origin', async () => {
    const proxied = { origin: 'https://favindex.example.com', 'x-forwarded-host': 'favindex.example.com', 'x-forwarded-proto': 'https' };
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(/; Secure/.test(setCookie)).toBe(trusted);
    const cookie = setCookie.split(';')[0]!;
    const create = await fetch(`${server.baseUrl}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...proxied },
      body: '{"id":"fwd"}',
    });
    if (trusted) expect(create.status).toBe(201);
    else expect(await create.json()).toMatchObject({ error_code: 'ORIGIN_REJECTED' });
  });
});
