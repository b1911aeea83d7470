import { cookies } from 'next/headers';
import { appContext } from '@/server/context';
import { type AuthMode, authMode } from './mode';
import { SESSION_COOKIE, verifySession } from './session';

/** What the page header says about access: the mode, and whether this browser is signed in. */
export async function pageAuth(): Promise<{ mode: AuthMode; signedIn: boolean }> {
  const mode = authMode();
  if (mode === 'local') return { mode, signedIn: true };
  const session = (await cookies()).get(SESSION_COOKIE)?.value;
  return { mode, signedIn: await verifySession((await appContext()).sessions, session) };
}
