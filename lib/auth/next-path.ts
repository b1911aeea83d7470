import { hasControlCharacter } from '@/lib/text';

/**
 * Where to go after logging in: a path on this server only. Anything else (another host,
 * `//host`, a scheme) falls back to the projects list, so /login?next= cannot redirect away.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || hasControlCharacter(next)) return '/';
  return next.startsWith('/login') ? '/' : next;
}
