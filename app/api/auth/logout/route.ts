import { requestOrigin, requireSameOrigin } from '@/server/auth/origin';
import { clearedSessionCookie, endSession, isSecureRequest, readCookie, SESSION_COOKIE } from '@/server/auth/session';
import { AUTH_ENDPOINTS } from '@/lib/api/auth';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/**
 * End this browser's session, for every process, and drop its cookie. Public: signing out needs
 * no proof of being signed in. Like every other write carried by the cookie it must come from
 * our own pages (§auth), so a foreign page cannot sign the admin out.
 */
export const POST = endpointRoute(AUTH_ENDPOINTS.logout, async ({ app, req }) => {
  const session = readCookie(req.headers.get('cookie'), SESSION_COOKIE);
  if (session || requestOrigin(req) !== null) requireSameOrigin(req);
  await endSession(app.sessions, session);
  return answer(204, null, { 'set-cookie': clearedSessionCookie(isSecureRequest(req)), 'cache-control': 'no-store' });
});
