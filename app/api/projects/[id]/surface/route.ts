import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { ifNoneMatchHits } from '@/lib/surface/surface-document';
import { answer } from '@/server/http/answer';
import { headRoute } from '@/server/http/head-route';
import type { RequestHead } from '@/server/http/request-head';
import type { Principal } from '@/server/auth/authorise';
import type { RenderedSurface } from '@/server/surface/surface-store';

/**
 * What a proxy presents (§surface). The fingerprint is the ETag: a proxy polls with
 * If-None-Match and gets 304 with no body until something it would present changes.
 * server.ts serves it from node:http ahead of Next (`GET.serveNode`), for throughput: the
 * same checks and bytes without a Web Request or Response per poll.
 */
export const GET = headRoute(
  SURFACE_ENDPOINTS.surface,
  async ({ app, head, params, query, principal }) =>
    // Each token its own document (§policy): what its rules, and the clients' rules, leave it.
    answerWith(head, await app.surfaces.surface(params.id, query.mode, tokenOf(principal))),
  // The unchanged poll: nothing read since its document was rendered, so nothing to wait for.
  ({ app, head, params, query, principal }) => {
    const surface = app.surfaces.surfaceNow(params.id, query.mode, tokenOf(principal));
    return surface && answerWith(head, surface);
  },
);

function tokenOf(principal: Principal): string | null {
  return principal.kind === 'token' ? principal.tokenName : null;
}

function answerWith(head: RequestHead, surface: RenderedSurface) {
  // no-cache: caches may keep it but must revalidate, which is what the ETag is for.
  const headers = { etag: surface.etag, 'cache-control': 'no-cache' };
  if (ifNoneMatchHits(head.headers.get('if-none-match'), surface.etag)) return answer(304, null, headers);
  return answer(200, surface.bytes, headers);
}
