import { EVENT_ENDPOINTS } from '@/lib/api/events';
import { ingestRoute } from '@/server/events/ingest-route';
import { eventsPage } from '@/server/events/list';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** Ingest tool_call_trace events (§events): valid ones are stored, invalid ones reported. */
export const POST = ingestRoute;

export const GET = endpointRoute(EVENT_ENDPOINTS.list, async ({ db, params, query }) => answer(200, await eventsPage(db, params.id, query)));
