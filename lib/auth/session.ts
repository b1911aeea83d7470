import type { Db } from '@/db/client';
import { getOrCreateSetting } from '@/db/queries/settings';
import { adminPassword } from './mode';
import { hmac, randomToken, secretsEqual } from './secrets';

export const SESSION_COOKIE = 'favindex_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

/*
 * The admin session is a signed cookie, `<expires>.<nonce>.<signature>`, with no server-side
 * store, so any number of app processes accept it. The signing key mixes the per-installation
 * secret (app_settings, made on first use) with the admin password: changing the password
 * signs every browser out.
 */
const KEYS_KEY = Symbol.for('favindex.sessionKeys');
const keys: WeakMap<Db, Promise<string>> = ((globalThis as Record<symbol, unknown>)[KEYS_KEY] as WeakMap<Db, Promise<string>>) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[KEYS_KEY] = keys;

function installationSecret(db: Db): Promise<string> {
  let secret = keys.get(db);
  if (!secret) {
    secret = getOrCreateSetting(db, 'session_secret', () => randomToken(32));
    secret.catch(() => keys.delete(db));
    keys.set(db, secret);
  }
  return secret;
}

async function signingKey(db: Db, password: string): Promise<Buffer> {
  return hmac(await installationSecret(db), `favindex-session\u0000${password}`);
}

export async function issueSession(db: Db, now = Date.now()): Promise<{ value: string; maxAge: number }> {
  const password = adminPassword();
  if (!password) throw new Error('sessions exist in password mode only');
  const payload = `${Math.floor(now / 1000) + SESSION_TTL_SECONDS}.${randomToken(12)}`;
  const signature = hmac(await signingKey(db, password), payload).toString('base64url');
  return { value: `${payload}.${signature}`, maxAge: SESSION_TTL_SECONDS };
}

/** True when the cookie value was signed by this installation, for the current password, and has not expired. */
export async function verifySession(db: Db, value: string | null | undefined, now = Date.now()): Promise<boolean> {
  const password = adminPassword();
  if (!password || !value || value.length > 200) return false;
  const [expires, nonce, signature, ...extra] = value.split('.');
  if (expires === undefined || nonce === undefined || signature === undefined || extra.length > 0) return false;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return false;
  const expected = hmac(await signingKey(db, password), `${expires}.${nonce}`).toString('base64url');
  return secretsEqual(expected, signature);
}

export function checkPassword(given: string): boolean {
  const password = adminPassword();
  return password !== null && secretsEqual(given, password);
}

/** The value of one cookie from a Cookie header; null when absent. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function sessionCookie(value: string, maxAge: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(secure ? ['Secure'] : [])].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}

/** Served over TLS (directly, or behind a proxy that says so): the cookie gets `Secure`. */
export function isSecureRequest(req: Request): boolean {
  return new URL(req.url).protocol === 'https:' || req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}
