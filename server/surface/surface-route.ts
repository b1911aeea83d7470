import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { ifNoneMatchHits } from '@/lib/surface/surface-document';
import type { AppContext } from '@/server/app-context';
import type { Principal } from '@/server/auth/authorise';
import { answer } from '@/server/http/answer';
import { headRoute } from '@/server/http/head-route';
import type { RequestHead } from '@/server/http/request-head';
import type { RenderedSurface, SurfaceToken } from './surface-store';

/**
 * What a proxy presents (§surface). The fingerprint is the ETag: a proxy polls with
 * If-None-Match and gets 304 with no body until something it would present changes. One
 * handler for both ways in: Next's route (app/api/projects/[id]/surface) and server.ts, which
 * serves the proxies' polls from node:http ahead of Next (`serveNode`), the same checks and
 * bytes without a Web Request or Response per poll. An unchanged poll reads nothing: the
 * token, the project's versions and its document are kept until the database says they moved.
 */
export const surfaceRoute = headRoute(SURFACE_ENDPOINTS.surface, async ({ app, head, params, query, principal }) =>
  // Each token its own document (§policy): what its rules, and the clients' rules, leave it.
  answerWith(app, head, await app.surfaces.surface(params.id, query.mode, tokenOf(principal))),
);

function tokenOf(principal: Principal): SurfaceToken | null {
  return principal.kind === 'token' ? { id: principal.tokenId, name: principal.tokenName } : null;
}

function answerWith(app: AppContext, head: RequestHead, surface: RenderedSurface) {
  // no-cache: caches may keep it but must revalidate, which is what the ETag is for.
  const headers = { etag: surface.etag, 'cache-control': 'no-cache' };
  const notModified = ifNoneMatchHits(head.headers.get('if-none-match'), surface.etag);
  app.metrics.notePoll(notModified);
  if (notModified) return answer(304, null, headers);
  return answer(200, surface.bytes, headers);
}
