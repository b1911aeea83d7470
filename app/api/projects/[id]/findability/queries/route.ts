import { BODY_LIMITS } from '@/lib/limits';
import { replaceTestQueriesSchema } from '@/lib/schemas/findability';
import { loadTestQueries, replaceTestQueries } from '@/server/findability/findability';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/** The test queries the project keeps: each a text and the tool a search for it should find. */
export const GET = apiRoute({ access: 'admin', params: projectParams }, async ({ db, params }) => {
  return json({ queries: await loadTestQueries(db, params.id) });
});

/** Replace the whole list; a bad entry refuses the request and keeps the list as it was. */
export const PUT = apiRoute(
  { access: 'admin', params: projectParams, body: replaceTestQueriesSchema, bodyLimit: BODY_LIMITS.document, rule: '§surface' },
  async ({ db, params, body }) => {
    return json({ queries: await replaceTestQueries(db, params.id, body.queries) });
  },
);
