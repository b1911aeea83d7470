import { afterEach, describe, expect, it } from 'vitest';
import { gatePage } from './page-gate';

afterEach(() => {
  delete process.env.FAVINDEX_ADMIN_PASSWORD;
});

/** Stands in for the signature check: only the cookie value 'good' is a session. */
const isSession = async (cookie: string | null) => cookie === 'good';
const gate = (method: string, url: string, cookie?: string) => gatePage(method, url, cookie, isSession);

describe('gatePage', () => {
  it('lets everything through in local mode', async () => {
    expect(await gate('GET', '/projects/x')).toEqual({ kind: 'pass' });
  });

  it('sends pages to /login and back in password mode, and leaves the API and assets to themselves', async () => {
    process.env.FAVINDEX_ADMIN_PASSWORD = 'pw';
    expect(await gate('GET', '/projects/x/tokens?tab=1')).toEqual({ kind: 'redirect', location: '/login?next=%2Fprojects%2Fx%2Ftokens%3Ftab%3D1' });
    expect(await gate('GET', '/')).toEqual({ kind: 'redirect', location: '/login' });
    expect(await gate('GET', '//evil/_next/x')).toMatchObject({ kind: 'redirect' });
    expect(await gate('POST', '/projects/x')).toEqual({ kind: 'unauthorized' });
    expect(await gate('GET', '/login?next=/projects/x')).toEqual({ kind: 'pass' });
    expect(await gate('GET', '/api/projects')).toEqual({ kind: 'pass' });
    expect(await gate('GET', '/_next/static/chunks/a.js')).toEqual({ kind: 'pass' });
    expect(await gate('GET', '/projects/x', 'favindex_session=bad')).toMatchObject({ kind: 'redirect' });

    const cookie = 'other=1; favindex_session=good';
    expect(await gate('GET', '/projects/x', cookie)).toEqual({ kind: 'pass' });
    expect(await gate('GET', '/login?next=/projects/x', cookie)).toEqual({ kind: 'redirect', location: '/projects/x' });
    expect(await gate('GET', '/login?next=//evil.example', cookie)).toEqual({ kind: 'redirect', location: '/' });
  });
});
