import { clearedSessionCookie, isSecureRequest } from '@/lib/auth/session';
import { apiRoute } from '@/lib/http/route';

/** Drop this browser's session cookie. Public: signing out needs no proof of being signed in. */
export const POST = apiRoute('public', async ({ req }) => {
  return new Response(null, { status: 204, headers: { 'set-cookie': clearedSessionCookie(isSecureRequest(req)), 'cache-control': 'no-store' } });
});
