import { BODY_LIMITS } from '@/lib/limits';
import { createProjectSchema } from '@/lib/schemas/projects';
import { readWriteVia } from '@/server/http/favourites';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { createProject, listProjectViews, toProjectView } from '@/server/projects/projects';

export const GET = apiRoute('admin', async ({ db }) => {
  return json({ projects: await listProjectViews(db) });
});

export const POST = apiRoute({ access: 'admin', body: createProjectSchema, bodyLimit: BODY_LIMITS.document }, async ({ db, body, req }) => {
  // The new favourites' first history entry says where the project was made (X-Favindex-Via).
  const row = await createProject(db, body, readWriteVia(req));
  return json(toProjectView(row), { status: 201, headers: { location: `/api/projects/${row.id}` } });
});
