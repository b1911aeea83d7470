import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { favouriteOperationRoute } from '@/server/favourites/operation-route';

/** Unpin a tool. Not pinned: no change, so two people unpinning it agree. */
export const POST = favouriteOperationRoute('unpin', FAVOURITE_ENDPOINTS.unpin);
