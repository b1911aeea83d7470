import type { RequestHead } from '@/server/http/request-head';

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

/**
 * FAVINDEX_TRUST_PROXY=1: a reverse proxy in front sets X-Forwarded-Host and -Proto, and
 * overwrites whatever a client sent. Without it those headers come from the client, so they
 * must not widen the origins a cookie write may come from, nor say the connection is TLS.
 */
export function trustsProxy(): boolean {
  return process.env.FAVINDEX_TRUST_PROXY === '1';
}

/** The first value of a forwarding header, when a trusted proxy set it; null otherwise. */
export function forwardedHeader(req: RequestHead, name: 'x-forwarded-host' | 'x-forwarded-proto'): string | null {
  if (!trustsProxy()) return null;
  return req.headers.get(name)?.split(',')[0]?.trim() || null;
}
