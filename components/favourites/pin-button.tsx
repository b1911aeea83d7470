import type { MouseEvent } from 'react';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { fullReason } from './full-notice';

/**
 * ☆ Pin for one tool. Refused while the list is full or a write runs, it stays focusable
 * (aria-disabled, with the reason): the focus moves on to it after the pin before, and must not
 * fall to the page.
 */
export function PinButton({
  tool,
  view,
  busy,
  onPin,
}: {
  tool: string;
  view: FavouritesView;
  busy: boolean;
  onPin: (tool: string, event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const refused = busy || view.full;
  const reason = fullReason(view);
  return (
    <button
      type="button"
      aria-label={`Pin ${tool}`}
      title={reason ?? undefined}
      aria-disabled={refused || undefined}
      data-pin={tool}
      onClick={(e) => {
        if (!refused) onPin(tool, e);
      }}
    >
      ☆ Pin
    </button>
  );
}
