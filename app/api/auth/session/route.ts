import { authMode } from '@/server/auth/mode';
import { readCookie, SESSION_COOKIE, verifySession } from '@/server/auth/session';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import type { SessionView } from '@/lib/schemas/auth';

export const GET = apiRoute('public', async ({ app, req }) => {
  const mode = authMode();
  const authenticated = mode === 'local' || (await verifySession(app.sessions, readCookie(req.headers.get('cookie'), SESSION_COOKIE)));
  return json({ mode, authenticated } satisfies SessionView);
});
