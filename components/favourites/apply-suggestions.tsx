'use client';

import { useState } from 'react';
import { ConfirmBox } from '@/components/ui/confirm-box';
import { summariseChange } from '@/lib/favourites/change-summary';
import type { FavouritesView } from '@/lib/contracts/favourites';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import styles from './apply-suggestions.module.css';

interface Props {
  view: FavouritesView;
  /** The suggested tools in rank order; the top maxFavourites of them become the favourites. */
  suggested: string[];
  /** The favourites version the suggestion was computed against. */
  version: number;
  busy: boolean;
  onApply: (index: FavouriteIndex, version: number) => Promise<boolean>;
}

/** Replace the favourites with the top suggestions, after saying exactly what that pins and unpins. */
export function ApplySuggestions({ view, suggested, version, busy, onApply }: Props) {
  const [confirming, setConfirming] = useState(false);
  // Applying keeps maxFavourites: the suggestion is its top maxFavourites tools, in rank order.
  const index: FavouriteIndex = { enabled: view.enabled, maxFavourites: view.maxFavourites, tools: suggested.slice(0, view.maxFavourites) };
  const change = summariseChange(view, index);
  const nothingToApply = change.added.length === 0 && change.removed.length === 0 && !change.reordered;

  if (!confirming) {
    return (
      <div className={`row ${styles.start}`}>
        <button type="button" className="primary" disabled={busy || nothingToApply} onClick={() => setConfirming(true)}>
          Apply suggestions…
        </button>
        {nothingToApply ? <span className="small muted">The favourites already match.</span> : null}
      </div>
    );
  }
  return (
    <ConfirmBox label="Confirm the suggested favourites">
      <strong>Apply these changes?</strong>
      <ul className={styles.changes}>
        {change.added.map((t) => (
          <li key={`+${t}`} className={styles.add}>
            + pin <code>{t}</code>
          </li>
        ))}
        {change.removed.map((t) => (
          <li key={`-${t}`} className={styles.remove}>
            − unpin <code>{t}</code>
          </li>
        ))}
        {change.reordered ? <li>↕ reorder by calls</li> : null}
      </ul>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={async () => {
            await onApply(index, version);
            setConfirming(false);
          }}
        >
          Confirm
        </button>
        <button type="button" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
    </ConfirmBox>
  );
}
