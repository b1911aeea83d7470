import { BODY_LIMITS } from '@/lib/limits';
import { updateProjectSchema } from '@/lib/schemas/projects';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { deleteProject, requireProject, toProjectView, updateProject } from '@/server/projects/projects';

export const GET = apiRoute({ access: 'admin', params: projectParams }, async ({ db, params }) => {
  return json(toProjectView(await requireProject(db, params.id)));
});

export const PATCH = apiRoute(
  { access: 'admin', params: projectParams, body: updateProjectSchema, bodyLimit: BODY_LIMITS.document },
  async ({ db, params, body }) => {
    return json(toProjectView(await updateProject(db, params.id, body)));
  },
);

export const DELETE = apiRoute({ access: 'admin', params: projectParams }, async ({ app, params }) => {
  await deleteProject(app, params.id);
  return new Response(null, { status: 204 });
});
