import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { usageWindow } from '@/lib/usage/window';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { usageReport } from '@/server/usage/usage';

/** Usage over a window (§usage): ranked tools, totals, the daily series, coverage and unresolved names. */
export const GET = endpointRoute(USAGE_ENDPOINTS.report, async ({ app, params, query }) => {
  const window = usageWindow(query.window, query.until ?? new Date());
  return answer(200, await usageReport(app, params.id, window, query));
});
