import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { favouriteOperationRoute } from '@/server/favourites/operation-route';

/** Move a pinned tool to position `to` (0-based; past the end is last). */
export const POST = favouriteOperationRoute('move', FAVOURITE_ENDPOINTS.move);
