import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { favouriteOperationRoute } from '@/server/favourites/operation-route';

/** Pin a tool (at `position`, default last). Already pinned: no change. Full: 409. */
export const POST = favouriteOperationRoute('pin', FAVOURITE_ENDPOINTS.pin);
