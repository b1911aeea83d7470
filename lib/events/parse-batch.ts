import { MAX_EVENTS_PER_REQUEST } from '@/lib/limits';
import { ApiError } from '@/lib/errors';
import { errorMessage } from '@/lib/thrown';
import { isRecord } from '@/lib/records';

export const EVENT_MEDIA_TYPES = ['application/json', 'application/x-ndjson', 'application/jsonl', 'application/x-jsonlines'] as const;

export type BatchItem = { index: number; value: unknown } | { index: number; error: { error_code: string; message: string } };

/**
 * The events of a JSON body (§events): `{"events":[…]}`, a JSON array, or a single event object.
 * A document of another shape, or of more than MAX_EVENTS_PER_REQUEST events, is the request's error.
 */
export function eventItemsOf(doc: unknown): BatchItem[] {
  let list: unknown[];
  if (Array.isArray(doc)) list = doc;
  else if (isRecord(doc) && Array.isArray(doc.events)) {
    list = doc.events;
  } else if (doc && typeof doc === 'object' && !('events' in doc)) list = [doc];
  else {
    throw new ApiError('MALFORMED_REQUEST', 'expected {"events":[…]}, a JSON array of events, or one event object', {
      suggestedAction: 'wrap the events in {"events":[…]} or send NDJSON as application/x-ndjson',
      citedRule: '§events',
    });
  }
  if (list.length > MAX_EVENTS_PER_REQUEST) throw tooManyEvents(`holds ${list.length} events`);
  return list.map((value, index) => ({ index, value }));
}

function tooManyEvents(holds: string): ApiError {
  return new ApiError('TOO_MANY_EVENTS', `the batch ${holds}; the limit is ${MAX_EVENTS_PER_REQUEST}`, {
    suggestedAction: `send at most ${MAX_EVENTS_PER_REQUEST} events per request; nothing of this batch was stored`,
    citedRule: '§events',
  });
}

/**
 * The events of an NDJSON body, one per line; a bad line is that event's reject. A step per line,
 * so the server runs it in turns (runSteps) and a batch of 10,000 events holds no other request
 * up (issue 45); the first line past MAX_EVENTS_PER_REQUEST refuses the batch, unparsed.
 */
export function* ndjsonBatchSteps(text: string): Generator<void, BatchItem[]> {
  const items: BatchItem[] = [];
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    const trimmed = line.trim();
    if (!trimmed) continue;
    const index = items.length;
    if (index === MAX_EVENTS_PER_REQUEST) throw tooManyEvents(`holds more than ${MAX_EVENTS_PER_REQUEST} events`);
    try {
      items.push({ index, value: JSON.parse(trimmed) });
    } catch (err) {
      items.push({
        index,
        error: { error_code: 'MALFORMED_JSON', message: `line ${lineNo} is not valid JSON: ${errorMessage(err)}` },
      });
    }
    yield;
  }
  return items;
}
