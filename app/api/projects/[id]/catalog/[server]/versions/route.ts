import { getDb } from '@/db/client';
import { listCatalogVersions } from '@/db/queries/catalog';
import { requireProject } from '@/db/queries/projects';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';

export const GET = apiRoute<{ id: string; server: string }>('admin', async ({ params }) => {
  const db = await getDb();
  await requireProject(db, params.id);
  return json({ server: params.server, versions: await listCatalogVersions(db, params.id, params.server) });
});
