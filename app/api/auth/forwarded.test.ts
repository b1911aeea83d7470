import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { adminHeaders, login, withPassword, withTrustedProxy } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';

setupTestDatabase();
const PASSWORD = 'forwarded headers password';
const PROXIED = { origin: 'https://favindex.example.com', 'x-forwarded-host': 'favindex.example.com' };

/**
 * X-Forwarded-Host and -Proto are a reverse proxy's word only with FAVINDEX_TRUST_PROXY=1
 * (§auth). Without it any client can send them, so they neither admit a foreign Origin for a
 * cookie write nor make the cookie Secure.
 */
describe('forwarding headers', () => {
  it('admit the forwarded host for a cookie write only from a trusted proxy', async () => {
    await withPassword(PASSWORD, async () => {
      const cookie = await login(PASSWORD);
      for (const trusted of [false, true]) {
        const id = `fwd-${trusted}`;
        expect((await api.post('/api/projects', { json: { id }, headers: adminHeaders(cookie) })).status).toBe(201);
        const write = await withTrustedProxy(trusted, () => api.delete(`/api/projects/${id}`, { headers: { cookie, ...PROXIED } }));
        if (trusted) expect(write.status).toBe(204);
        else expectEnvelope(write, 403, 'ORIGIN_REJECTED');
      }
      // Several proxies: the first host is the one the browser addressed.
      await withTrustedProxy(true, async () => {
        expect((await api.post('/api/projects', { json: { id: 'fwd-list' }, headers: adminHeaders(cookie) })).status).toBe(201);
        const headers = { ...PROXIED, cookie, 'x-forwarded-host': 'evil.example, favindex.example.com' };
        expectEnvelope(await api.delete('/api/projects/fwd-list', { headers }), 403, 'ORIGIN_REJECTED');
      });
    });
  });

  it('make the session cookie Secure only from a trusted proxy', async () => {
    await withPassword(PASSWORD, async () => {
      const loginOver = (trusted: boolean) =>
        withTrustedProxy(trusted, () => api.post('/api/auth/login', { json: { password: PASSWORD }, headers: { 'x-forwarded-proto': 'https' } }));
      expect((await loginOver(false)).headers.get('set-cookie')).not.toMatch(/Secure/);
      expect((await loginOver(true)).headers.get('set-cookie')).toMatch(/; Secure$/);
    });
  });
});
