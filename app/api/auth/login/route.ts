import { PEER_HEADER } from '@/server/auth/login-throttle';
import { authMode } from '@/server/auth/mode';
import { requestOrigin, requireSameOrigin } from '@/server/auth/origin';
import { checkPassword, isSecureRequest, issueSession, sessionCookie } from '@/server/auth/session';
import { ApiError } from '@/lib/errors';
import { AUTH_ENDPOINTS } from '@/lib/api/auth';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { readJsonBodyAs } from '@/server/http/body';
import { BODY_LIMITS } from '@/lib/limits';
import { loginSchema } from '@/lib/schemas/auth';

/** Exchange the admin password for the session cookie (§auth). */
export const POST = endpointRoute(AUTH_ENDPOINTS.login, async ({ app, req }) => {
  const throttle = app.loginThrottle;
  if (authMode() === 'local') {
    throw new ApiError('CONFLICT', 'the server runs in local mode: there is no login', {
      suggestedAction: 'set FAVINDEX_ADMIN_PASSWORD and restart the server to require a login',
      citedRule: '§auth',
    });
  }
  // Browsers always say where a login comes from; scripts (curl) may say nothing.
  if (requestOrigin(req) !== null) requireSameOrigin(req);
  const peer = req.headers.get(PEER_HEADER) || 'unknown';
  const wait = throttle.retryAfter(peer);
  if (wait > 0) throw tooManyAttempts(wait);
  const { password } = await readJsonBodyAs(loginSchema, req, BODY_LIMITS.tiny, '§auth');
  if (!checkPassword(password)) {
    throttle.fail(peer);
    throw new ApiError('UNAUTHORIZED', 'wrong password', {
      suggestedAction: 'enter the password the server was started with (FAVINDEX_ADMIN_PASSWORD)',
      citedRule: '§auth',
    });
  }
  throttle.succeed(peer);
  const session = await issueSession(app.sessions);
  return answer(200, { authenticated: true as const }, { 'set-cookie': sessionCookie(session.value, session.maxAge, isSecureRequest(req)) });
});

function tooManyAttempts(waitMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ApiError('RATE_LIMITED', 'too many wrong passwords from this address', {
    suggestedAction: `wait ${seconds} seconds, then try again`,
    citedRule: '§auth',
    headers: { 'retry-after': String(seconds) },
  });
}
