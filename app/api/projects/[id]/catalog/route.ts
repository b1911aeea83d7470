import { getProjectCatalog } from '@/server/catalog/catalog';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

export const GET = apiRoute({ access: 'admin', params: projectParams }, async ({ db, params }) => {
  const servers = await getProjectCatalog(db, params.id);
  return json({ project: params.id, toolCount: servers.reduce((n, s) => n + s.toolCount, 0), servers });
});
