import { surfaceQuerySchema } from '@/lib/schemas/preview-query';
import { ifNoneMatchHits } from '@/lib/surface/surface-document';
import { headRoute } from '@/server/http/head-route';
import { projectParams } from '@/lib/api/params';
import type { PlainResponse } from '@/server/http/respond';

/**
 * What a proxy presents (§surface). The fingerprint is the ETag: a proxy polls with
 * If-None-Match and gets 304 with no body until something it would present changes.
 * server.ts serves it from node:http ahead of Next (`GET.serveNode`), for throughput: the
 * same checks and bytes without a Web Request or Response per poll.
 */
export const GET = headRoute(
  { access: 'surface:read', params: projectParams, query: surfaceQuerySchema, rule: '§surface' },
  async ({ app, head, params, query, principal }): Promise<PlainResponse> => {
    // Each token its own document (§policy): what its rules, and the clients' rules, leave it.
    const surface = await app.surfaces.surface(params.id, query.mode, principal.kind === 'token' ? principal.tokenName : null);
    // no-cache: caches may keep it but must revalidate, which is what the ETag is for.
    if (ifNoneMatchHits(head.headers.get('if-none-match'), surface.etag)) {
      return { status: 304, headers: { etag: surface.etag, 'cache-control': 'no-cache' }, body: null };
    }
    return {
      status: 200,
      headers: { etag: surface.etag, 'cache-control': 'no-cache', 'content-type': 'application/json; charset=utf-8' },
      body: surface.bytes,
    };
  },
);
