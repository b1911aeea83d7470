import type { FavouritesView } from '@/lib/contracts/favourites';
import type { FavouriteState } from './rules';

export function toFavouritesView(project: string, state: FavouriteState, missingFromCatalog: string[]): FavouritesView {
  return { project, ...state, pinned: state.tools.length, full: state.tools.length >= state.maxFavourites, missingFromCatalog };
}
