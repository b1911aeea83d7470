import { Alert } from '@/components/ui/alert';
import type { FavouritesView } from '@/lib/contracts/favourites';

/** Why pinning is off: shown beside every disabled Pin button. */
export function fullReason(view: FavouritesView): string | null {
  if (!view.full) return null;
  return `The list is full (${view.pinned} / ${view.maxFavourites}): unpin a tool or raise maxFavourites to pin another.`;
}

export function FullNotice({ view }: { view: FavouritesView }) {
  const reason = fullReason(view);
  if (!reason) return null;
  return (
    <Alert tone="warn" className="small" role="note" data-testid="full-reason">
      {reason}
    </Alert>
  );
}
