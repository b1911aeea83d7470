import { z } from 'zod';
import { untilParamSchema, windowParamSchema } from './usage';

/** A model or client to keep; empty is the same as leaving it out (a cleared filter in a URL). */
const segmentParam = (name: string) =>
  z
    .string()
    .max(256, `${name} is at most 256 characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** GET /api/projects/{id}/usage/arguments (§arguments). */
export const argumentUsageQuerySchema = z.object({
  window: windowParamSchema.default(30),
  until: untilParamSchema.optional(),
  /** Only calls this model made. */
  model: segmentParam('model'),
  /** Only calls made through this client. */
  client: segmentParam('client'),
  /** Only calls sent with this project token (its name, §policy). */
  token: segmentParam('token'),
});
export type ArgumentUsageQuery = z.infer<typeof argumentUsageQuerySchema>;

/** GET /api/projects/{id}/usage/identities (§policy). */
export const identityUsageQuerySchema = z.object({
  window: windowParamSchema.default(30),
  until: untilParamSchema.optional(),
});
