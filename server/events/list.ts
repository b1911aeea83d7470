import type { Db } from '@/db/client';
import { type EventListOptions, listEvents } from '@/db/queries/events';
import type { EventList } from '@/lib/contracts/events';
import { encodeEventCursor } from '@/lib/schemas/event-list';
import { requireProject } from '@/server/projects/project-locks';

/** A page of a project's latest events, newest first, with the cursor of the next page. */
export async function eventsPage(db: Db, projectId: string, query: EventListOptions): Promise<EventList> {
  await requireProject(db, projectId);
  const events = await listEvents(db, projectId, query);
  const last = events.at(-1);
  return { events, next: events.length === query.limit && last ? encodeEventCursor(last) : null };
}
