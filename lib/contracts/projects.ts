import { z } from 'zod';
import { count, isoDateTime } from './shared';
import { surfaceConfigSchema } from './surface';

/** A project as the API returns it (GET, POST, PATCH /api/projects…). */
export const projectViewSchema = z.object({
  id: z.string(),
  description: z.string(),
  metaTools: z.array(z.string()),
  retentionDays: count.nullable().describe('Days raw events are kept; null keeps them forever.'),
  surface: surfaceConfigSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ProjectView = z.infer<typeof projectViewSchema>;

/** GET /api/projects. */
export const projectListSchema = z.object({ projects: z.array(projectViewSchema) });
export type ProjectList = z.infer<typeof projectListSchema>;
