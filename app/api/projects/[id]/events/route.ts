import { EVENT_ENDPOINTS } from '@/lib/api/events';
import { EVENT_MEDIA_TYPES } from '@/lib/events/parse-batch';
import { BODY_LIMITS } from '@/lib/limits';
import { ingestBatch } from '@/server/events/ingest';
import { eventsPage } from '@/server/events/list';
import { bodyTooLarge, readBodyBytes, requireMediaType } from '@/server/http/body';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** Ingest tool_call_trace events (§events): valid ones are stored, invalid ones reported. */
export const POST = endpointRoute(EVENT_ENDPOINTS.ingest, async ({ app, req, params, principal }) => {
  const type = requireMediaType(req, EVENT_MEDIA_TYPES, '§events');
  const body = await readBodyBytes(req, BODY_LIMITS.events, () => bodyTooLarge(BODY_LIMITS.events, '§events'));
  return answer(200, await ingestBatch(app, params.id, body, type, principal.kind === 'token' ? principal.tokenName : null));
});

export const GET = endpointRoute(EVENT_ENDPOINTS.list, async ({ db, params, query }) => answer(200, await eventsPage(db, params.id, query)));
