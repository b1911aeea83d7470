import { ApiError } from '@/lib/errors';
import type { RequestHead } from '@/server/http/request-head';
import { forwardedHeader } from './mode';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** The hosts this request may legitimately come from: what the browser addressed (through a trusted proxy's X-Forwarded-Host), plus FAVINDEX_PUBLIC_ORIGIN. */
function allowedHosts(req: RequestHead): Set<string> {
  const hosts = new Set<string>([new URL(req.url).host.toLowerCase()]);
  const host = req.headers.get('host');
  if (host) hosts.add(host.toLowerCase());
  // Only a trusted proxy's: any client other than a browser can set the header itself.
  const forwarded = forwardedHeader(req, 'x-forwarded-host');
  if (forwarded) hosts.add(forwarded.toLowerCase());
  for (const origin of (process.env.FAVINDEX_PUBLIC_ORIGIN ?? '').split(',')) {
    const parsed = parseOrigin(origin.trim());
    if (parsed) hosts.add(parsed.host.toLowerCase());
  }
  return hosts;
}

function parseOrigin(value: string | null | undefined): URL | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Where the browser says the request came from: Origin, else Referer; null when it says nothing. */
export function requestOrigin(req: RequestHead): URL | null | 'opaque' {
  const origin = req.headers.get('origin');
  if (origin !== null) return parseOrigin(origin) ?? 'opaque';
  const referer = req.headers.get('referer');
  if (referer !== null) return parseOrigin(referer) ?? 'opaque';
  return null;
}

const FROM_THE_UI = 'send writes from the favindex UI itself; behind a proxy, set FAVINDEX_PUBLIC_ORIGIN to the address users open';

function originRejected(message: string, suggestedAction = FROM_THE_UI): ApiError {
  return new ApiError('ORIGIN_REJECTED', message, { suggestedAction, citedRule: '§auth' });
}

/**
 * A write carried by the session cookie must come from our own pages (§auth): browsers send
 * Origin (or Referer) on every write, so a missing or foreign one is a cross-site request.
 */
export function requireSameOrigin(req: RequestHead): void {
  const origin = requestOrigin(req);
  if (origin === null) throw originRejected('this write carries the session cookie but no Origin or Referer header');
  if (origin === 'opaque' || !allowedHosts(req).has(origin.host.toLowerCase())) {
    throw originRejected(`this write comes from ${origin === 'opaque' ? 'an opaque origin' : origin.origin}, not from this server`);
  }
}

const LOOPBACK_NAMES = /^(localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Local mode listens on loopback only, but a web page can still reach it through DNS
 * rebinding (its own name resolving to 127.0.0.1) or a cross-site form. Refuse requests
 * addressed to a non-loopback name, and writes from a foreign page.
 */
export function requireLocalRequest(req: RequestHead): void {
  const host = req.headers.get('host') ?? new URL(req.url).host;
  const hostname = host.replace(/:\d+$/, '');
  if (!LOOPBACK_NAMES.test(hostname)) {
    throw originRejected(
      `in local mode the server answers only to loopback addresses, not '${hostname.slice(0, 100)}'`,
      'open it as http://127.0.0.1:<port>, or set FAVINDEX_ADMIN_PASSWORD to serve other hosts',
    );
  }
  if (isUnsafeMethod(req.method) && requestOrigin(req) !== null) requireSameOrigin(req);
}
