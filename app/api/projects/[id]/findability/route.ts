import { FINDABILITY_ENDPOINTS } from '@/lib/api/findability';
import { findabilityReport } from '@/server/findability/findability';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** Whether a deferring client's search finds each tool it defers, who beats it, and what to change (§surface). */
export const GET = endpointRoute(FINDABILITY_ENDPOINTS.report, async ({ app, params, query }) => answer(200, await findabilityReport(app, params.id, query)));
