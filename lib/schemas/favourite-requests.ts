import { MAX_FAVOURITES_LIMIT } from '@/lib/limits';
import { z } from 'zod';

// Names are checked as server/tool by the writer, so a bad one is INVALID_TOOL_NAME, not a
// generic validation failure.
const toolName = z.string().min(1).max(512);
const maxFavourites = z.number().int().min(1).max(MAX_FAVOURITES_LIMIT);

/** PUT replaces the whole index: every field is required, so nothing is reset by omission. */
export const replaceFavouritesSchema = z
  .object({
    enabled: z.boolean(),
    maxFavourites,
    tools: z.array(toolName).max(MAX_FAVOURITES_LIMIT),
  })
  .strict();

export const favouriteSettingsSchema = z
  .object({ enabled: z.boolean().optional(), maxFavourites: maxFavourites.optional() })
  .strict()
  .refine((v) => v.enabled !== undefined || v.maxFavourites !== undefined, 'send enabled, maxFavourites or both');

export const pinRequestSchema = z.object({ tool: toolName, position: z.number().int().min(0).max(MAX_FAVOURITES_LIMIT).optional() }).strict();

export const unpinRequestSchema = z.object({ tool: toolName }).strict();

export const moveRequestSchema = z.object({ tool: toolName, to: z.number().int().min(0).max(MAX_FAVOURITES_LIMIT) }).strict();

export const favouriteHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
});
