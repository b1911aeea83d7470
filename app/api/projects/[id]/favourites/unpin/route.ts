import { unpinRequestSchema } from '@/lib/schemas/favourite-requests';
import { favouriteOperationRoute } from '@/server/http/favourites-route';

/** Unpin a tool. Not pinned: no change, so two people unpinning it agree. */
export const POST = favouriteOperationRoute('unpin', unpinRequestSchema);
