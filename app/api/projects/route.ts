import { BODY_LIMITS } from '@/lib/limits';
import { createProjectSchema } from '@/lib/schemas/projects';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { createProject, listProjectViews, toProjectView } from '@/server/projects/projects';

export const GET = apiRoute('admin', async ({ db }) => {
  return json({ projects: await listProjectViews(db) });
});

export const POST = apiRoute({ access: 'admin', body: createProjectSchema, bodyLimit: BODY_LIMITS.document }, async ({ db, body }) => {
  const row = await createProject(db, body);
  return json(toProjectView(row), { status: 201, headers: { location: `/api/projects/${row.id}` } });
});
