import { clearedSessionCookie, isSecureRequest } from '@/server/auth/session';
import { apiRoute } from '@/server/http/route';

/** Drop this browser's session cookie. Public: signing out needs no proof of being signed in. */
export const POST = apiRoute('public', async ({ req }) => {
  return new Response(null, { status: 204, headers: { 'set-cookie': clearedSessionCookie(isSecureRequest(req)), 'cache-control': 'no-store' } });
});
