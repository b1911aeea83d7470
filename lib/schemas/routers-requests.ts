import { z } from 'zod';

/** GET /api/projects/{id}/routers/history. */
export const routersHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional().describe('Only versions older than this one.'),
});
