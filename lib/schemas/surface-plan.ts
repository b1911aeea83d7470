import { z } from 'zod';
import { surfaceConfigSchema } from './surface-config';

/** POST /api/projects/:id/surface/plan: the surface config a change would save. */
export const surfacePlanRequestSchema = z.object({ surface: surfaceConfigSchema }).strict();
export type SurfacePlanRequest = z.infer<typeof surfacePlanRequestSchema>;
