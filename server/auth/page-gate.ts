import { authMode } from './mode';
import { safeNextPath } from '@/lib/auth/next-path';
import { readCookie, SESSION_COOKIE } from './session';

export type GateDecision = { kind: 'pass' } | { kind: 'redirect'; location: string } | { kind: 'unauthorized' };

/** The API authorises itself (apiRoute); Next's assets are public. Everything else is a page. */
function isPage(pathname: string): boolean {
  return !pathname.startsWith('/api/') && !pathname.startsWith('/_next/') && !pathname.startsWith('/__nextjs') && pathname !== '/favicon.ico';
}

/**
 * In password mode a page without the session goes to /login (and back after), and /login
 * with one goes on (§auth). Writes to pages (server actions) without a session are refused.
 * The custom server asks this before Next sees the request.
 */
export async function gatePage(
  method: string,
  url: string,
  cookieHeader: string | undefined,
  isSession: (cookie: string | null) => Promise<boolean>,
): Promise<GateDecision> {
  if (authMode() === 'local') return { kind: 'pass' };
  // Appended to a fixed origin, so `//host/…` stays a path and cannot pass for another one.
  const { pathname, search, searchParams } = new URL(`http://localhost${url.startsWith('/') ? url : `/${url}`}`);
  if (!isPage(pathname)) return { kind: 'pass' };
  const signedIn = await isSession(readCookie(cookieHeader, SESSION_COOKIE));
  if (pathname === '/login') return signedIn ? { kind: 'redirect', location: safeNextPath(searchParams.get('next')) } : { kind: 'pass' };
  if (signedIn) return { kind: 'pass' };
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'unauthorized' };
  const back = pathname === '/' && !search ? '' : `?next=${encodeURIComponent(pathname + search)}`;
  return { kind: 'redirect', location: `/login${back}` };
}
