/**
 * Headers on every response of the custom server (§auth): no framing (clickjacking), no MIME
 * sniffing, no referrer leaking project ids to other sites, and a content policy that keeps
 * scripts, styles and connections on this origin. Next's inline bootstrap scripts need
 * 'unsafe-inline'; the dev server also needs eval and its websocket, so it gets no policy.
 */
export function securityHeaders(dev: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (!dev) {
    headers['content-security-policy'] = [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
  }
  return headers;
}
