import type { Db } from '@/db/client';
import { getOrCreateSetting } from '@/db/queries/settings';
import { adminPassword, forwardedHeader } from './mode';
import { hmac, randomToken, secretsEqual } from '@/lib/auth/secrets';

export const SESSION_COOKIE = 'favindex_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

/*
 * The admin session is a signed cookie, `<expires>.<nonce>.<signature>`, with no server-side
 * store, so any number of app processes accept it. The signing key mixes the per-installation
 * secret (app_settings, made on first use) with the admin password: changing the password
 * signs every browser out.
 */
export class SessionKeys {
  private secret: Promise<string> | null = null;

  constructor(private readonly db: Db) {}

  /** The per-installation secret, read (or made) once per process; a failed read is tried again next time. */
  private installationSecret(): Promise<string> {
    if (!this.secret) {
      this.secret = getOrCreateSetting(this.db, 'session_secret', () => randomToken(32));
      this.secret.catch(() => {
        this.secret = null;
      });
    }
    return this.secret;
  }

  async signingKey(password: string): Promise<Buffer> {
    return hmac(await this.installationSecret(), `favindex-session\u0000${password}`);
  }
}

export async function issueSession(keys: SessionKeys, now = Date.now()): Promise<{ value: string; maxAge: number }> {
  const password = adminPassword();
  if (!password) throw new Error('sessions exist in password mode only');
  const payload = `${Math.floor(now / 1000) + SESSION_TTL_SECONDS}.${randomToken(12)}`;
  const signature = hmac(await keys.signingKey(password), payload).toString('base64url');
  return { value: `${payload}.${signature}`, maxAge: SESSION_TTL_SECONDS };
}

/** True when the cookie value was signed by this installation, for the current password, and has not expired. */
export async function verifySession(keys: SessionKeys, value: string | null | undefined, now = Date.now()): Promise<boolean> {
  const password = adminPassword();
  if (!password || !value || value.length > 200) return false;
  const [expires, nonce, signature, ...extra] = value.split('.');
  if (expires === undefined || nonce === undefined || signature === undefined || extra.length > 0) return false;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return false;
  const expected = hmac(await keys.signingKey(password), `${expires}.${nonce}`).toString('base64url');
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

/** Served over TLS (directly, or behind a trusted proxy that says so): the cookie gets `Secure`. */
export function isSecureRequest(req: Request): boolean {
  return new URL(req.url).protocol === 'https:' || forwardedHeader(req, 'x-forwarded-proto') === 'https';
}
