import { BODY_LIMITS } from '@/lib/limits';
import { surfacePlanRequestSchema } from '@/lib/schemas/surface-plan';
import { projectParams } from '@/lib/api/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { planSurface } from '@/server/surface/plan';

/** What saving a surface config would change for the clients; saves nothing. Access as for the PATCH that would save it. */
export const POST = apiRoute(
  { access: 'admin', params: projectParams, body: surfacePlanRequestSchema, bodyLimit: BODY_LIMITS.document, rule: '§surface' },
  async ({ app, params, body }) => json(await planSurface(app.db, app.catalogs, params.id, body.surface)),
);
