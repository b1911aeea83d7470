import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { projectParams } from '@/lib/api/params';
import { jsonBytes } from '@/server/http/respond';
import { previewResponseParts } from '@/lib/surface/preview-bytes';
import { apiRoute } from '@/server/http/route';
import { preview } from '@/server/surface/preview';

/** The exact tool list per mode and target, with caps, name problems and tokens (§surface). */
export const GET = apiRoute({ access: 'surface:read', params: projectParams, query: previewQuerySchema, rule: '§surface' }, async ({ app, params, query }) => {
  // The bytes of JSON.stringify(answer), in parts: the tools' descriptions and schemas encoded once per catalog version.
  return jsonBytes(previewResponseParts(await preview(app, params.id, query)));
});
