import { afterAll, beforeAll } from 'vitest';
import { TOKEN_SCOPES } from '@/lib/schemas/tokens';
import { api } from './api';

/** The origin test/api.ts requests are addressed to; a browser on our own pages would send it. */
export const SAME_ORIGIN = 'http://127.0.0.1:3000';

/** Set FAVINDEX_ADMIN_PASSWORD for the duration of a callback (password mode), restoring it after. */
export async function withPassword<T>(password: string | null, run: () => Promise<T>): Promise<T> {
  const before = process.env.FAVINDEX_ADMIN_PASSWORD;
  if (password === null) delete process.env.FAVINDEX_ADMIN_PASSWORD;
  else process.env.FAVINDEX_ADMIN_PASSWORD = password;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.FAVINDEX_ADMIN_PASSWORD;
    else process.env.FAVINDEX_ADMIN_PASSWORD = before;
  }
}

/** Run with FAVINDEX_TRUST_PROXY=1 (a reverse proxy sets the X-Forwarded headers), or without it. */
export async function withTrustedProxy<T>(trusted: boolean, run: () => Promise<T>): Promise<T> {
  const before = process.env.FAVINDEX_TRUST_PROXY;
  if (trusted) process.env.FAVINDEX_TRUST_PROXY = '1';
  else delete process.env.FAVINDEX_TRUST_PROXY;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.FAVINDEX_TRUST_PROXY;
    else process.env.FAVINDEX_TRUST_PROXY = before;
  }
}

/** Password mode for every test of the file (beforeAll/afterAll). */
export function setupPasswordMode(password: string): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.FAVINDEX_ADMIN_PASSWORD;
    process.env.FAVINDEX_ADMIN_PASSWORD = password;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.FAVINDEX_ADMIN_PASSWORD;
    else process.env.FAVINDEX_ADMIN_PASSWORD = before;
  });
}

/** Log in through the API and return the `name=value` of the session cookie. */
export async function login(password: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await api.post('/api/auth/login', { json: { password }, headers: { origin: SAME_ORIGIN, ...headers } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  const [cookie = ''] = (res.headers.get('set-cookie') ?? '').split(';');
  return cookie;
}

/** Headers of the dashboard in a browser: the session cookie and our own Origin. */
export function adminHeaders(cookie: string): Record<string, string> {
  return { cookie, origin: SAME_ORIGIN };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Create a token through the API (every scope unless `scopes` says); `headers` authenticate the admin in password mode. */
let tokensMade = 0;

export async function createToken(
  projectId: string,
  scopes: string[] = [...TOKEN_SCOPES],
  headers: Record<string, string> = {},
): Promise<{ id: string; name: string; token: string }> {
  // A name of its own: a project's live tokens never share one (§auth).
  const name = `t${++tokensMade}-${scopes.join('+')}`.slice(0, 100);
  const res = await api.post(`/api/projects/${projectId}/tokens`, { json: { name, scopes }, headers });
  if (res.status !== 201) throw new Error(`could not create token: ${res.status} ${res.text}`);
  return { id: res.body.id, name, token: res.body.token };
}
