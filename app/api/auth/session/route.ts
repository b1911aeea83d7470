import { getDb } from '@/db/client';
import { authMode } from '@/lib/auth/mode';
import { readCookie, SESSION_COOKIE, verifySession } from '@/lib/auth/session';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import type { SessionView } from '@/lib/schemas/auth';

export const GET = apiRoute('public', async ({ req }) => {
  const mode = authMode();
  const authenticated = mode === 'local' || (await verifySession(await getDb(), readCookie(req.headers.get('cookie'), SESSION_COOKIE)));
  return json({ mode, authenticated } satisfies SessionView);
});
