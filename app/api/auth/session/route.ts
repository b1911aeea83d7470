import { authMode } from '@/server/auth/mode';
import { readCookie, SESSION_COOKIE, verifySession } from '@/server/auth/session';
import { AUTH_ENDPOINTS } from '@/lib/api/auth';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

export const GET = endpointRoute(AUTH_ENDPOINTS.session, async ({ app, req }) => {
  const mode = authMode();
  const authenticated = mode === 'local' || (await verifySession(app.sessions, readCookie(req.headers.get('cookie'), SESSION_COOKIE)));
  return answer(200, { mode, authenticated });
});
