import { getCatalogVersions } from '@/server/catalog/catalog';
import { serverParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

export const GET = apiRoute({ access: 'admin', params: serverParams }, async ({ db, params }) => {
  return json({ server: params.server, versions: await getCatalogVersions(db, params.id, params.server) });
});
