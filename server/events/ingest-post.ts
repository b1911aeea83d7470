import type { ValidatedEvent } from '@/lib/events/validate-event';

/** One request's valid events waiting to be written (group commit, server/events/ingest.ts), with the name of the token that sent them. */
export interface IngestPost {
  batch: readonly ValidatedEvent[];
  /** Each event's identity (§policy), which no event can claim for itself. */
  token: string | null;
}
