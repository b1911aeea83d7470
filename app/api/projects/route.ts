import { createProject, listProjects, toProjectView } from '@/db/queries/projects';
import { getDb } from '@/db/client';
import { MiB, readJsonBody } from '@/lib/http/body';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseBody } from '@/lib/http/validate';
import { createProjectSchema } from '@/lib/schemas/projects';

export const GET = apiRoute('admin', async () => {
  const rows = await listProjects(await getDb());
  return json({ projects: rows.map(toProjectView) });
});

export const POST = apiRoute('admin', async ({ req }) => {
  const input = parseBody(createProjectSchema, await readJsonBody(req, 1 * MiB));
  const row = await createProject(await getDb(), input);
  return json(toProjectView(row), { status: 201, headers: { location: `/api/projects/${row.id}` } });
});
