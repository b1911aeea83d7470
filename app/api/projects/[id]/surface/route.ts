import { surfaceQuerySchema } from '@/lib/schemas/preview-query';
import { ifNoneMatchHits } from '@/lib/surface/surface-document';
import { projectParams } from '@/server/http/params';
import { apiRoute } from '@/server/http/route';

/**
 * What a proxy presents (§surface). The fingerprint is the ETag: a proxy polls with
 * If-None-Match and gets 304 with no body until something it would present changes.
 * server.ts also calls this handler directly, ahead of Next, for throughput.
 */
export const GET = apiRoute(
  { access: 'surface:read', params: projectParams, query: surfaceQuerySchema, rule: '§surface' },
  async ({ app, req, params, query, principal }) => {
    // Each token its own document (§policy): what its rules, and the clients' rules, leave it.
    const surface = await app.surfaces.surface(params.id, query.mode, principal.kind === 'token' ? principal.tokenName : null);
    // no-cache: caches may keep it but must revalidate, which is what the ETag is for.
    const headers = { etag: surface.etag, 'cache-control': 'no-cache' };
    if (ifNoneMatchHits(req.headers.get('if-none-match'), surface.etag)) return new Response(null, { status: 304, headers });
    return new Response(surface.body, { status: 200, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
  },
);
