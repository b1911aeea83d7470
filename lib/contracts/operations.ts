import { z } from 'zod';

/** GET /healthz: the process answers. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** GET /readyz, when ready: migrations applied, warm-up done, the database answered just now. */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']).describe('The database this process serves from.'),
});
export type Readiness = z.infer<typeof readinessSchema>;
