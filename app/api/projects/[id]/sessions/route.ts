import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { recentSessions } from '@/server/surface/sessions';

/** Recently active recorded sessions, newest first: the preview's replay picker. */
export const GET = endpointRoute(SURFACE_ENDPOINTS.sessions, async ({ db, params, query }) =>
  answer(200, { sessions: await recentSessions(db, params.id, query.limit) }),
);
