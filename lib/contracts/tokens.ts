import { z } from 'zod';
import { TOKEN_SCOPES } from '@/lib/schemas/tokens';
import { isoDateTime } from './shared';

/** A project token as listed: never its secret. */
export const tokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the secret, to recognise it.'),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  refused: z
    .object({ scope: z.enum(TOKEN_SCOPES), at: isoDateTime })
    .nullable()
    .describe('The last time favindex refused this token for a scope it lacks (403), and that scope; recorded at most once a minute.'),
});
export type TokenView = z.infer<typeof tokenViewSchema>;

/** POST /api/projects/{id}/tokens: the one answer that carries the secret. */
export const createdTokenViewSchema = tokenViewSchema.extend({
  token: z.string().describe('The secret (fvx_…): shown this once, never again.'),
});
export type CreatedTokenView = z.infer<typeof createdTokenViewSchema>;

/** GET /api/projects/{id}/tokens: revoked ones too. */
export const tokenListSchema = z.object({ tokens: z.array(tokenViewSchema) });
export type TokenList = z.infer<typeof tokenListSchema>;
