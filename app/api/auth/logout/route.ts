import { requestOrigin, requireSameOrigin } from '@/server/auth/origin';
import { clearedSessionCookie, endSession, isSecureRequest, readCookie, SESSION_COOKIE } from '@/server/auth/session';
import { apiRoute } from '@/server/http/route';

/**
 * End this browser's session, for every process, and drop its cookie. Public: signing out needs
 * no proof of being signed in. Like every other write carried by the cookie it must come from
 * our own pages (§auth), so a foreign page cannot sign the admin out.
 */
export const POST = apiRoute('public', async ({ app, req }) => {
  const session = readCookie(req.headers.get('cookie'), SESSION_COOKIE);
  if (session || requestOrigin(req) !== null) requireSameOrigin(req);
  await endSession(app.sessions, session);
  return new Response(null, { status: 204, headers: { 'set-cookie': clearedSessionCookie(isSecureRequest(req)), 'cache-control': 'no-store' } });
});
