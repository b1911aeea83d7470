import { pathOf } from '@/lib/api/endpoint';
import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { readWriteVia } from '@/server/http/version-headers';
import { createProject, listProjectViews, toProjectView } from '@/server/projects/projects';

export const GET = endpointRoute(PROJECT_ENDPOINTS.list, async ({ db }) => answer(200, { projects: await listProjectViews(db) }));

export const POST = endpointRoute(PROJECT_ENDPOINTS.create, async ({ db, body, req }) => {
  // The new favourites' first history entry says where the project was made (X-Favindex-Via).
  const row = await createProject(db, body, readWriteVia(req));
  return answer(201, toProjectView(row), { location: pathOf(PROJECT_ENDPOINTS.read, { id: row.id }) });
});
