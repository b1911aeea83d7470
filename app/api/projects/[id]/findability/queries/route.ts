import { FINDABILITY_ENDPOINTS } from '@/lib/api/findability';
import { loadTestQueries, replaceTestQueries } from '@/server/findability/findability';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** The test queries the project keeps: each a text and the tool a search for it should find. */
export const GET = endpointRoute(FINDABILITY_ENDPOINTS.queries, async ({ db, params }) => answer(200, { queries: await loadTestQueries(db, params.id) }));

/** Replace the whole list; a bad entry refuses the request and keeps the list as it was. */
export const PUT = endpointRoute(FINDABILITY_ENDPOINTS.replaceQueries, async ({ db, params, body }) =>
  answer(200, { queries: await replaceTestQueries(db, params.id, body.queries) }),
);
