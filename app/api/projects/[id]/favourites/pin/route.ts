import { pinRequestSchema } from '@/lib/schemas/favourite-requests';
import { favouriteOperationRoute } from '@/server/http/favourites-route';

/** Pin a tool (at `position`, default last). Already pinned: no change. Full: 409. */
export const POST = favouriteOperationRoute('pin', pinRequestSchema);
