import { z } from 'zod';
import { ERROR_STATUS, SPEC_RULES } from '@/lib/error-codes';
import { keysOf } from '@/lib/records';

const ERROR_CODES = keysOf(ERROR_STATUS);

/** The §errors envelope as a schema: what every non-2xx answer of the API holds. */
export const errorEnvelopeSchema = z
  .object({
    error_code: z.enum(ERROR_CODES).describe('Stable UPPER_SNAKE code; each maps to one HTTP status.'),
    message: z.string().describe('What went wrong, for people.'),
    retryable: z.boolean().describe('True when the same request may succeed later (rate limits, an unavailable database or upstream).'),
    suggested_action: z.string().describe('What to do about it.'),
    cited_rule: z.enum(SPEC_RULES).describe('The rule the error enforces, explained at /docs/rules#<id> (the id without §).'),
    details: z.unknown().optional().describe('Machine-readable specifics: validation issues with their paths, the current version, a new plan…'),
  })
  .strict();
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
