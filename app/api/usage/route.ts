import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { usageWindow } from '@/lib/usage/window';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { usageOverview } from '@/server/usage/usage';

/** Every project's calls per day over a short window (default 7d): the projects list's sparklines. */
export const GET = endpointRoute(USAGE_ENDPOINTS.overview, async ({ db, query }) =>
  answer(200, await usageOverview(db, usageWindow(query.window, query.until ?? new Date()))),
);
