import type { Db } from '@/db/client';
import { adminSessionActive, deleteAdminSession, deleteExpiredAdminSessions, insertAdminSession } from '@/db/queries/admin-sessions';
import { getOrCreateSetting } from '@/db/queries/settings';
import { adminPassword, forwardedHeader } from './mode';
import { hmac, randomToken, secretsEqual, sha256Hex } from '@/lib/auth/secrets';

export const SESSION_COOKIE = 'favindex_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

/*
 * The admin session is a signed cookie, `<expires>.<nonce>.<signature>`, and a row in
 * admin_sessions named by the nonce's hash. The signature turns forged cookies away without a
 * query; the row is what logout deletes, read on every request, so a logout holds in every
 * process sharing the database at once. The signing key mixes the per-installation secret
 * (app_settings, made on first use) with the admin password: changing the password signs
 * every browser out.
 */
export class SessionKeys {
  private secret: Promise<string> | null = null;

  constructor(readonly db: Db) {}

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

function sessionId(nonce: string): string {
  return sha256Hex(`favindex-session\u0000${nonce}`);
}

export async function issueSession(keys: SessionKeys, now = Date.now()): Promise<{ value: string; maxAge: number }> {
  const password = adminPassword();
  if (!password) throw new Error('sessions exist in password mode only');
  const expires = Math.floor(now / 1000) + SESSION_TTL_SECONDS;
  const nonce = randomToken(12);
  const payload = `${expires}.${nonce}`;
  const signature = hmac(await keys.signingKey(password), payload).toString('base64url');
  // A login is rare: the moment to sweep the sessions that ran out.
  await deleteExpiredAdminSessions(keys.db);
  await insertAdminSession(keys.db, sessionId(nonce), new Date(expires * 1000));
  return { value: `${payload}.${signature}`, maxAge: SESSION_TTL_SECONDS };
}

/** The nonce of a cookie signed by this installation, for the current password, and not expired; null otherwise. */
async function signedNonce(keys: SessionKeys, value: string | null | undefined, now: number): Promise<string | null> {
  const password = adminPassword();
  if (!password || !value || value.length > 200) return null;
  const [expires, nonce, signature, ...extra] = value.split('.');
  if (expires === undefined || nonce === undefined || signature === undefined || extra.length > 0) return null;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return null;
  const expected = hmac(await keys.signingKey(password), `${expires}.${nonce}`).toString('base64url');
  return secretsEqual(expected, signature) ? nonce : null;
}

/** True when the cookie is validly signed, not expired, and its session has not been ended (logout). */
export async function verifySession(keys: SessionKeys, value: string | null | undefined, now = Date.now()): Promise<boolean> {
  const nonce = await signedNonce(keys, value, now);
  return nonce !== null && adminSessionActive(keys.db, sessionId(nonce));
}

/** End the cookie's session for every process; a cookie that names no valid session changes nothing. */
export async function endSession(keys: SessionKeys, value: string | null | undefined, now = Date.now()): Promise<void> {
  const nonce = await signedNonce(keys, value, now);
  if (nonce !== null) await deleteAdminSession(keys.db, sessionId(nonce));
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
