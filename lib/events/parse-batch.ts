import { MAX_EVENTS_PER_REQUEST } from '@/lib/limits';
import { ApiError } from '@/lib/errors';
import { parseJsonText } from '@/lib/json';
import { errorMessage } from '@/lib/thrown';
import { isRecord } from '@/lib/records';

export const EVENT_MEDIA_TYPES = ['application/json', 'application/x-ndjson', 'application/jsonl', 'application/x-jsonlines'] as const;

export type BatchItem = { index: number; value: unknown } | { index: number; error: { error_code: string; message: string } };

/**
 * Split a request body into events: `{"events":[…]}`, a JSON array, a single event object,
 * or NDJSON. A bad NDJSON line is that event's reject; a bad JSON document is the request's.
 */
export function parseEventBatch(text: string, mediaType: string): BatchItem[] {
  const items = mediaType === 'application/json' ? parseJsonBatch(text) : parseNdjsonBatch(text);
  if (items.length > MAX_EVENTS_PER_REQUEST) {
    throw new ApiError('TOO_MANY_EVENTS', `the batch holds ${items.length} events; the limit is ${MAX_EVENTS_PER_REQUEST}`, {
      suggestedAction: `send at most ${MAX_EVENTS_PER_REQUEST} events per request; nothing of this batch was stored`,
      citedRule: '§events',
    });
  }
  return items;
}

function parseJsonBatch(text: string): BatchItem[] {
  const doc = parseJsonText(text, '§events');
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
  return list.map((value, index) => ({ index, value }));
}

function parseNdjsonBatch(text: string): BatchItem[] {
  const items: BatchItem[] = [];
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    const trimmed = line.trim();
    if (!trimmed) continue;
    const index = items.length;
    try {
      items.push({ index, value: JSON.parse(trimmed) });
    } catch (err) {
      items.push({
        index,
        error: { error_code: 'MALFORMED_JSON', message: `line ${lineNo} is not valid JSON: ${errorMessage(err)}` },
      });
    }
  }
  return items;
}
