import { z } from 'zod';

export const DEFAULT_MAX_FAVOURITES = 15;
export const MAX_FAVOURITES_LIMIT = 128;

export interface FavouriteIndex {
  enabled: boolean;
  maxFavourites: number;
  tools: string[];
}

export function defaultFavouriteIndex(): FavouriteIndex {
  return { enabled: true, maxFavourites: DEFAULT_MAX_FAVOURITES, tools: [] };
}
