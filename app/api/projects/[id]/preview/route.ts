import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { encodedPreviewResponse } from '@/lib/surface/preview-bytes';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { preview } from '@/server/surface/preview';

/** The exact tool list per mode and target, with caps, name problems and tokens (§surface); another token's needs config:read (§policy). */
export const GET = endpointRoute(SURFACE_ENDPOINTS.preview, async ({ app, params, query, principal }) =>
  // The bytes of JSON.stringify(answer), in parts: the tools' descriptions and schemas encoded once per catalog version.
  answer(200, encodedPreviewResponse(await preview(app, params.id, query, principal))),
);
