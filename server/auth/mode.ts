/**
 * §auth: without FAVINDEX_ADMIN_PASSWORD the server is in local mode (open UI, loopback only);
 * with it, the UI needs a login and proxies need project tokens. Read on every call, never
 * cached, so a test or a restart with another environment sees the change.
 */
export type AuthMode = 'local' | 'password';

export function adminPassword(): string | null {
  return process.env.FAVINDEX_ADMIN_PASSWORD || null;
}

export function authMode(): AuthMode {
  return adminPassword() ? 'password' : 'local';
}
