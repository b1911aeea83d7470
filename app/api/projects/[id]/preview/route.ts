import { getDb } from '@/db/client';
import { getSessionCalls, loadSurfaceInputs } from '@/db/queries/surface';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { buildPreviewResponse } from '@/lib/surface/preview-response';

/** The exact tool list per mode and target, with caps, name problems and tokens (§surface). */
export const GET = apiRoute<{ id: string }>('admin', async ({ req, params }) => {
  const query = parseQuery(previewQuerySchema, req.url, '§surface');
  const db = await getDb();
  const inputs = await loadSurfaceInputs(db, params.id);
  const recorded = query.session ? { id: query.session, ...(await getSessionCalls(db, params.id, query.session)) } : null;
  return json(buildPreviewResponse({ project: params.id, surface: inputs.surface, favourites: inputs.favourites, catalog: inputs.catalog, recorded }, query));
});
