import { IMPACT_ENDPOINTS } from '@/lib/api/impact';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { backtestReport } from '@/server/impact/backtest';

/** The suggestion rule, the pinned favourites and the best possible K, scored on each of the last weeks (§impact). */
export const GET = endpointRoute(IMPACT_ENDPOINTS.backtest, async ({ db, params, query }) => answer(200, await backtestReport(db, params.id, query)));
