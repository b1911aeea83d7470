import { apiRoute } from '@/server/http/route';
import { buildOpenApiDocument } from '@/lib/openapi/document';

// The description depends only on the code, so it is made once per process.
let body: string | null = null;

/** The OpenAPI 3.1 description of the whole API; public, like any API reference. */
export const GET = apiRoute('public', async () => {
  body ??= JSON.stringify(buildOpenApiDocument());
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' } });
});
