import { getDb } from '@/db/client';
import { getCatalog } from '@/db/queries/catalog';
import { requireProject } from '@/db/queries/projects';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';

export const GET = apiRoute<{ id: string }>('admin', async ({ params }) => {
  const db = await getDb();
  await requireProject(db, params.id);
  const servers = await getCatalog(db, params.id);
  return json({
    project: params.id,
    toolCount: servers.reduce((n, s) => n + s.toolCount, 0),
    servers,
  });
});
