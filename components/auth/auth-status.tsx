import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { Badge } from '@/components/ui/badge';
import { getDb } from '@/db/client';
import { authMode } from '@/lib/auth/mode';
import { SESSION_COOKIE, verifySession } from '@/lib/auth/session';
import { LogoutButton } from './logout-button';

/**
 * The header's word on access (§auth): "Local mode" when the server runs without a password,
 * else a way to log out. Rendered per request, since the mode is the server's environment.
 */
export async function AuthStatus() {
  await connection();
  if (authMode() === 'local') {
    return (
      <Badge tone="warn" title="No login: anyone who can reach 127.0.0.1 on this machine can use favindex. Set FAVINDEX_ADMIN_PASSWORD to require one.">
        Local mode
      </Badge>
    );
  }
  const session = (await cookies()).get(SESSION_COOKIE)?.value;
  return (await verifySession(await getDb(), session)) ? <LogoutButton /> : null;
}
