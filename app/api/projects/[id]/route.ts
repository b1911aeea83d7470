import { getDb } from '@/db/client';
import { deleteProject, requireProject, toProjectView, updateProject } from '@/db/queries/projects';
import { MiB, readJsonBody } from '@/lib/http/body';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseBody } from '@/lib/http/validate';
import { updateProjectSchema } from '@/lib/schemas/projects';

type Params = { id: string };

export const GET = apiRoute<Params>('admin', async ({ params }) => {
  return json(toProjectView(await requireProject(await getDb(), params.id)));
});

export const PATCH = apiRoute<Params>('admin', async ({ req, params }) => {
  const input = parseBody(updateProjectSchema, await readJsonBody(req, 1 * MiB));
  return json(toProjectView(await updateProject(await getDb(), params.id, input)));
});

export const DELETE = apiRoute<Params>('admin', async ({ params }) => {
  await deleteProject(await getDb(), params.id);
  return new Response(null, { status: 204 });
});
