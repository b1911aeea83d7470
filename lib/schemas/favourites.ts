import { z } from 'zod';
import { DEFAULT_MAX_FAVOURITES, MAX_FAVOURITES_LIMIT } from '@/lib/limits';
import { isCanonicalName } from '@/lib/names/canonical';

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
