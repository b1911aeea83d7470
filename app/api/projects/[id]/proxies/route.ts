import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { listProjectProxies } from '@/server/proxies/proxies';

/** The proxies that reported themselves, connected first. */
export const GET = apiRoute({ access: 'admin', params: projectParams }, async ({ db, params }) => {
  return json(await listProjectProxies(db, params.id));
});
