import { z } from 'zod';
import { isCanonicalName } from '@/lib/names/canonical';

export const DEFAULT_MAX_FAVOURITES = 15;
export const MAX_FAVOURITES_LIMIT = 128;

export const favouriteIndexSchema = z
  .object({
    enabled: z.boolean().default(true),
    maxFavourites: z.number().int().min(1).max(MAX_FAVOURITES_LIMIT).default(DEFAULT_MAX_FAVOURITES),
    tools: z.array(z.string().min(1).max(512).refine(isCanonicalName, 'must be a canonical server/tool name')).max(MAX_FAVOURITES_LIMIT).default([]),
  })
  .strict();

export interface FavouriteIndex {
  enabled: boolean;
  maxFavourites: number;
  tools: string[];
}

export function defaultFavouriteIndex(): FavouriteIndex {
  return { enabled: true, maxFavourites: DEFAULT_MAX_FAVOURITES, tools: [] };
}
