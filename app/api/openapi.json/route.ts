import { EncodedJson } from '@/lib/api/encoded-json';
import { META_ENDPOINTS } from '@/lib/api/meta';
import { buildOpenApiDocument, type OpenApiDocument } from '@/lib/openapi/document';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

// The description depends only on the code, so it is made once per process.
let body: EncodedJson<OpenApiDocument> | null = null;

/** The OpenAPI 3.1 description of the whole API; public, like any API reference. */
export const GET = endpointRoute(META_ENDPOINTS.openapi, async () => {
  body ??= EncodedJson.of(buildOpenApiDocument());
  return answer(200, body, { 'cache-control': 'no-cache' });
});
