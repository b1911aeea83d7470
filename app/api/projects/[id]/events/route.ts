import { getDb } from '@/db/client';
import { listEvents } from '@/db/queries/events';
import { ingestEvents } from '@/db/queries/ingest';
import { requireProject } from '@/db/queries/projects';
import { EVENT_MEDIA_TYPES, parseEventBatch } from '@/lib/events/parse-batch';
import { isReject, validateEvent, type EventReject, type ValidatedEvent } from '@/lib/events/validate-event';
import { readBodyText, requireMediaType } from '@/lib/http/body';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { encodeEventCursor, eventListQuerySchema } from '@/lib/schemas/event-list';
import { MAX_EVENTS_BODY_BYTES } from '@/lib/schemas/events';

type Params = { id: string };

/** Ingest tool_call_trace events (§events): valid ones are stored, invalid ones reported. */
export const POST = apiRoute<Params>('events:write', async ({ req, params }) => {
  const type = requireMediaType(req, EVENT_MEDIA_TYPES, '§events');
  const text = await readBodyText(req, MAX_EVENTS_BODY_BYTES, '§events');
  const items = parseEventBatch(text, type);
  const now = Date.now();
  const valid: ValidatedEvent[] = [];
  const rejected: EventReject[] = [];
  for (const item of items) {
    if ('error' in item) {
      rejected.push({ index: item.index, ...item.error });
      continue;
    }
    const checked = validateEvent(item.index, item.value, now);
    if (isReject(checked)) rejected.push(checked);
    else valid.push(checked);
  }
  const db = await getDb();
  if (valid.length === 0) await requireProject(db, params.id);
  const result = await ingestEvents(db, params.id, valid);
  return json({
    accepted: result.accepted,
    duplicates: result.duplicates,
    rejected: [...rejected, ...result.rejected].sort((a, b) => a.index - b.index),
  });
});

export const GET = apiRoute<Params>('admin', async ({ req, params }) => {
  const query = parseQuery(eventListQuerySchema, req.url);
  const db = await getDb();
  await requireProject(db, params.id);
  const events = await listEvents(db, params.id, query);
  const last = events.at(-1);
  return json({ events, next: events.length === query.limit && last ? encodeEventCursor(last) : null });
});
