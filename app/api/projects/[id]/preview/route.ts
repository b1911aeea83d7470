import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { preview } from '@/server/surface/preview';

/** The exact tool list per mode and target, with caps, name problems and tokens (§surface). */
export const GET = apiRoute({ access: 'admin', params: projectParams, query: previewQuerySchema, rule: '§surface' }, async ({ app, params, query }) => {
  return json(await preview(app, params.id, query));
});
