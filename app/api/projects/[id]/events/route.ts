import { EVENT_MEDIA_TYPES } from '@/lib/events/parse-batch';
import { BODY_LIMITS } from '@/lib/limits';
import { eventListQuerySchema } from '@/lib/schemas/event-list';
import { ingestBatch } from '@/server/events/ingest';
import { eventsPage } from '@/server/events/list';
import { readBodyText, requireMediaType } from '@/server/http/body';
import { projectParams } from '@/lib/api/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/** Ingest tool_call_trace events (§events): valid ones are stored, invalid ones reported. */
export const POST = apiRoute({ access: 'events:write', params: projectParams }, async ({ app, req, params, principal }) => {
  const type = requireMediaType(req, EVENT_MEDIA_TYPES, '§events');
  const text = await readBodyText(req, BODY_LIMITS.events, '§events');
  return json(await ingestBatch(app, params.id, text, type, principal.kind === 'token' ? principal.tokenName : null));
});

export const GET = apiRoute({ access: 'admin', params: projectParams, query: eventListQuerySchema }, async ({ db, params, query }) => {
  return json(await eventsPage(db, params.id, query));
});
