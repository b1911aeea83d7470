import { z } from 'zod';
import { count, isoDateTime } from './shared';

/** A recorded session, for the preview's replay picker. */
export const sessionSummarySchema = z.object({
  id: z.string(),
  calls: count,
  toolCalls: count.describe('Calls that resolved to a catalog tool.'),
  firstAt: isoDateTime,
  lastAt: isoDateTime,
  client: z.string().nullable(),
  model: z.string().nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** GET /api/projects/{id}/sessions: recently active sessions, newest first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSummarySchema) });
export type SessionList = z.infer<typeof sessionListSchema>;
