import { moveRequestSchema } from '@/lib/schemas/favourite-requests';
import { favouriteOperationRoute } from '@/server/http/favourites-route';

/** Move a pinned tool to position `to` (0-based; past the end is last). */
export const POST = favouriteOperationRoute('move', moveRequestSchema);
