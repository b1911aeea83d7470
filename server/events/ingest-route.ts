import { EVENT_ENDPOINTS } from '@/lib/api/events';
import { EVENT_MEDIA_TYPES } from '@/lib/events/parse-batch';
import { BODY_LIMITS } from '@/lib/limits';
import { answer } from '@/server/http/answer';
import { bodyTooLarge, requireMediaType } from '@/server/http/body';
import { bodyRoute } from '@/server/http/body-route';
import { ingestBatch } from './ingest';

/**
 * Ingest tool_call_trace events (§events): valid ones are stored, invalid ones reported. One
 * handler for both ways in: Next's route (app/api/projects/[id]/events) and server.ts, which
 * serves the proxies' posts from node:http ahead of Next (`serveNode`).
 */
export const ingestRoute = bodyRoute(EVENT_ENDPOINTS.ingest, async ({ app, head, body, params, principal }) => {
  const type = requireMediaType(head, EVENT_MEDIA_TYPES, '§events');
  const bytes = await body.bytes(BODY_LIMITS.events, () => bodyTooLarge(BODY_LIMITS.events, '§events'));
  return answer(200, await ingestBatch(app, params.id, bytes, type, principal.kind === 'token' ? principal.tokenName : null));
});
