import { describe, expect, it } from 'vitest';
import { issueSession, verifySession } from '@/server/auth/session';
import { createAppContext } from '@/server/context';
import { api, expectEnvelope } from '@/test/api';
import { adminHeaders, login, SAME_ORIGIN, withPassword, withTrustedProxy } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

const t = setupTestDatabase();
const PASSWORD = 'correct horse battery staple';

async function projectIds(headers: Record<string, string> = {}): Promise<string[]> {
  const res = await api.get('/api/projects', { headers });
  return res.body.projects.map((p: { id: string }) => p.id);
}

describe('local mode (no FAVINDEX_ADMIN_PASSWORD)', () => {
  it('is open, says so, and has no login', async () => {
    await withPassword(null, async () => {
      expect((await api.get('/api/auth/session')).body).toEqual({ mode: 'local', authenticated: true });
      expect((await api.get('/api/projects')).status).toBe(200);
      expectEnvelope(await api.post('/api/auth/login', { json: { password: 'x' } }), 409, 'CONFLICT');
    });
  });

  it('answers only to loopback names and refuses writes from foreign pages (DNS rebinding, CSRF)', async () => {
    await withPassword(null, async () => {
      const rebound = await api.get('/api/projects', { headers: { host: 'evil.example:3000' } });
      expectEnvelope(rebound, 403, 'ORIGIN_REJECTED');
      expect((await api.get('/api/projects', { headers: { host: 'localhost:3000' } })).status).toBe(200);
      const before = await projectIds();
      const forged = await api.post('/api/projects', { json: { id: 'csrf-local' }, headers: { origin: 'https://evil.example' } });
      expectEnvelope(forged, 403, 'ORIGIN_REJECTED');
      expect(await projectIds()).toEqual(before);
      // Scripts send no Origin at all, and our own pages send ours.
      expect((await api.post('/api/projects', { json: { id: 'from-ui' }, headers: { origin: SAME_ORIGIN } })).status).toBe(201);
    });
  });
});

describe('password mode', () => {
  it('answers 401 to the API without a session, and the session view says why', async () => {
    await withPassword(PASSWORD, async () => {
      const res = await api.get('/api/projects');
      expectEnvelope(res, 401, 'UNAUTHORIZED');
      expect(res.body.cited_rule).toBe('§auth');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await api.get('/api/auth/session')).body).toEqual({ mode: 'password', authenticated: false });
    });
  });

  it('logs in with the password into an HttpOnly signed cookie, and refuses a wrong one', async () => {
    await withPassword(PASSWORD, async () => {
      const wrong = await api.post('/api/auth/login', { json: { password: 'guess' }, headers: { origin: SAME_ORIGIN } });
      expectEnvelope(wrong, 401, 'UNAUTHORIZED');
      expect(wrong.headers.get('set-cookie')).toBeNull();

      const res = await api.post('/api/auth/login', { json: { password: PASSWORD }, headers: { origin: SAME_ORIGIN } });
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^favindex_session=\d+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
      const [session = ''] = cookie.split(';');
      expect((await api.get('/api/auth/session', { headers: { cookie: session } })).body).toEqual({ mode: 'password', authenticated: true });
      expect((await api.get('/api/projects', { headers: { cookie: session } })).status).toBe(200);

      // Behind TLS the cookie is Secure (forwarded.test.ts: only a trusted proxy says so).
      const tls = await withTrustedProxy(true, () => api.post('/api/auth/login', { json: { password: PASSWORD }, headers: { 'x-forwarded-proto': 'https' } }));
      expect(tls.headers.get('set-cookie')).toMatch(/; Secure$/);
    });
  });

  it('refuses a tampered, expired, or pre-password-change cookie', async () => {
    await withPassword(PASSWORD, async () => {
      const session = await login(PASSWORD);
      const [name, value] = session.split('=');
      if (value === undefined) throw new Error(`not a name=value cookie: ${session}`);
      const [expires, nonce, signature] = value.split('.');
      const tampered = `${name}=${Number(expires) + 3600}.${nonce}.${signature}`;
      expectEnvelope(await api.get('/api/projects', { headers: { cookie: tampered } }), 401, 'UNAUTHORIZED');

      const old = await issueSession(t.app.sessions, Date.now() - 8 * 24 * 3600_000);
      expectEnvelope(await api.get('/api/projects', { headers: { cookie: `${name}=${old.value}` } }), 401, 'UNAUTHORIZED');

      await withPassword('a new password', async () => {
        expectEnvelope(await api.get('/api/projects', { headers: { cookie: session } }), 401, 'UNAUTHORIZED');
      });
      expect((await api.get('/api/projects', { headers: { cookie: session } })).status).toBe(200);
    });
  });

  it('checks the origin of cookie-authenticated writes and keeps what a forged one would have changed', async () => {
    await withPassword(PASSWORD, async () => {
      const cookie = await login(PASSWORD);
      const before = await projectIds(adminHeaders(cookie));
      const forged = await api.post('/api/projects', { json: { id: 'csrf' }, headers: { cookie, origin: 'https://evil.example' } });
      expectEnvelope(forged, 403, 'ORIGIN_REJECTED');
      const bare = await api.post('/api/projects', { json: { id: 'csrf' }, headers: { cookie } });
      expectEnvelope(bare, 403, 'ORIGIN_REJECTED');
      const byReferer = await api.post('/api/projects', { json: { id: 'csrf' }, headers: { cookie, referer: 'https://evil.example/page' } });
      expectEnvelope(byReferer, 403, 'ORIGIN_REJECTED');
      expect(await projectIds(adminHeaders(cookie))).toEqual(before);

      const own = await api.post('/api/projects', { json: { id: 'made-by-admin' }, headers: adminHeaders(cookie) });
      expect(own.status).toBe(201);
      const proxied = await withTrustedProxy(true, () =>
        api.delete('/api/projects/made-by-admin', {
          headers: { cookie, origin: 'https://favindex.example.com', 'x-forwarded-host': 'favindex.example.com' },
        }),
      );
      expect(proxied.status).toBe(204);
      // Reads need no origin: a browser sends none on GET.
      expect((await api.get('/api/projects', { headers: { cookie } })).status).toBe(200);
    });
  });

  it('logs out by clearing the cookie', async () => {
    await withPassword(PASSWORD, async () => {
      const res = await api.post('/api/auth/logout', { headers: { origin: SAME_ORIGIN } });
      expect(res.status).toBe(204);
      expect(res.headers.get('set-cookie')).toMatch(/^favindex_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    });
  });

  it('ends the session on logout, in this process and in another one sharing the database', async () => {
    await withPassword(PASSWORD, async () => {
      const cookie = await login(PASSWORD);
      const value = cookie.split('=')[1];
      const other = createAppContext(t.database);
      expect(await verifySession(other.sessions, value)).toBe(true);
      expect((await api.get('/api/projects', { headers: { cookie } })).status).toBe(200);

      const out = await api.post('/api/auth/logout', { headers: adminHeaders(cookie) });
      expect(out.status).toBe(204);
      // The browser dropped its copy; a copy kept elsewhere is worth nothing now.
      expectEnvelope(await api.get('/api/projects', { headers: { cookie } }), 401, 'UNAUTHORIZED');
      expect((await api.get('/api/auth/session', { headers: { cookie } })).body).toEqual({ mode: 'password', authenticated: false });
      expect(await verifySession(other.sessions, value)).toBe(false);

      // Another login is a new session; the old cookie stays dead.
      const again = await login(PASSWORD);
      expect((await api.get('/api/projects', { headers: { cookie: again } })).status).toBe(200);
      expectEnvelope(await api.get('/api/projects', { headers: { cookie } }), 401, 'UNAUTHORIZED');
    });
  });

  it('refuses a logout from a foreign page and keeps the session', async () => {
    await withPassword(PASSWORD, async () => {
      const cookie = await login(PASSWORD);
      const forgeries: Record<string, string>[] = [{ cookie, origin: 'https://evil.example' }, { cookie, referer: 'https://evil.example/x' }, { cookie }];
      for (const headers of forgeries) {
        const forged = await api.post('/api/auth/logout', { headers });
        expectEnvelope(forged, 403, 'ORIGIN_REJECTED');
        expect(forged.headers.get('set-cookie')).toBeNull();
      }
      expectEnvelope(await api.post('/api/auth/logout', { headers: { origin: 'https://evil.example' } }), 403, 'ORIGIN_REJECTED');
      expect((await api.get('/api/projects', { headers: { cookie } })).status).toBe(200);
    });
  });

  it('slows password guessing down: after 10 wrong passwords an address waits, others do not', async () => {
    await withPassword(PASSWORD, async () => {
      const from = (peer: string, password: string) =>
        api.post('/api/auth/login', { json: { password }, headers: { origin: SAME_ORIGIN, 'x-favindex-peer': peer } });
      for (let i = 0; i < 10; i++) expectEnvelope(await from('10.0.0.9', `guess-${i}`), 401, 'UNAUTHORIZED');
      const blocked = await from('10.0.0.9', PASSWORD);
      expectEnvelope(blocked, 429, 'RATE_LIMITED');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(200);
      expect((await from('10.0.0.10', PASSWORD)).status).toBe(200);
    });
  });

  it('refuses a login from a foreign page and bad login bodies with the envelope', async () => {
    await withPassword(PASSWORD, async () => {
      expectEnvelope(await api.post('/api/auth/login', { json: { password: PASSWORD }, headers: { origin: 'https://evil.example' } }), 403, 'ORIGIN_REJECTED');
      expectEnvelope(
        await api.post('/api/auth/login', { body: `password=${PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expectEnvelope(await api.post('/api/auth/login', { json: { password: 'x'.repeat(2000) } }), 422, 'VALIDATION_FAILED');
      expectEnvelope(await api.post('/api/auth/login', { json: { password: PASSWORD, extra: 1 } }), 422, 'VALIDATION_FAILED');
    });
  });
});

describe('project tokens in local mode', () => {
  it('are optional, but a presented token is checked', async () => {
    await withPassword(null, async () => {
      const id = await createTestProject();
      expect((await api.get(`/api/projects/${id}/events`)).status).toBe(200);
      const bad = await api.get(`/api/projects/${id}/events`, { headers: { authorization: 'Bearer fvx_not-a-token' } });
      expectEnvelope(bad, 401, 'UNAUTHORIZED');
    });
  });
});
