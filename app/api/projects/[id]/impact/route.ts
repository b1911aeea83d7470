import { IMPACT_ENDPOINTS } from '@/lib/api/impact';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { impactReport } from '@/server/impact/impact';

/** The surface revisions with their calls, and one change judged with bootstrap intervals (§impact). */
export const GET = endpointRoute(IMPACT_ENDPOINTS.report, async ({ db, params, query }) => answer(200, await impactReport(db, params.id, query)));
