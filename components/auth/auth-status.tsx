import { Badge } from '@/components/ui/badge';
import { LogoutButton } from './logout-button';

/**
 * The header's word on access (§auth): "Local mode" when the server runs without a password,
 * else a way to log out.
 */
export function AuthStatus({ mode, signedIn }: { mode: 'local' | 'password'; signedIn: boolean }) {
  if (mode === 'local') {
    return (
      <Badge tone="warn" title="No login: anyone who can reach 127.0.0.1 on this machine can use favindex. Set FAVINDEX_ADMIN_PASSWORD to require one.">
        Local mode
      </Badge>
    );
  }
  return signedIn ? <LogoutButton /> : null;
}
