import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { deleteProject, toProjectView, updateProject } from '@/server/projects/projects';
import { requireProject } from '@/server/projects/project-locks';

export const GET = endpointRoute(PROJECT_ENDPOINTS.read, async ({ db, params }) => answer(200, toProjectView(await requireProject(db, params.id))));

export const PATCH = endpointRoute(PROJECT_ENDPOINTS.update, async ({ db, params, body }) =>
  answer(200, toProjectView(await updateProject(db, params.id, body))),
);

export const DELETE = endpointRoute(PROJECT_ENDPOINTS.delete, async ({ app, params }) => {
  await deleteProject(app, params.id);
  return answer(204, null);
});
