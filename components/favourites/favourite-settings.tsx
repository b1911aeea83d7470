'use client';

import { useState, type FormEvent } from 'react';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { MAX_FAVOURITES_LIMIT } from '@/lib/limits';
import styles from './favourite-settings.module.css';

interface Props {
  view: FavouritesView;
  busy: boolean;
  onEnabled: (enabled: boolean) => void;
  onMaxFavourites: (maxFavourites: number) => void;
}

/** The enabled switch and maxFavourites. Lowering below the pinned count says what to unpin. */
export function FavouriteSettings({ view, busy, onEnabled, onMaxFavourites }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(view.maxFavourites);
  const max = Number(value);
  const valid = Number.isInteger(max) && max >= 1 && max <= MAX_FAVOURITES_LIMIT;
  const below = valid && max < view.pinned;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid || below || max === view.maxFavourites) return;
    onMaxFavourites(max);
    setDraft(null);
  }

  return (
    <div className={styles.settings}>
      <label className={styles.switch}>
        <input type="checkbox" role="switch" aria-checked={view.enabled} checked={view.enabled} disabled={busy} onChange={(e) => onEnabled(e.target.checked)} />
        <span>Favourites {view.enabled ? 'enabled' : 'disabled'}</span>
      </label>
      <form className="row" onSubmit={submit}>
        <label className="row small muted">
          maxFavourites
          <input
            type="number"
            min={1}
            max={MAX_FAVOURITES_LIMIT}
            value={value}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={!valid || below}
            aria-describedby="max-help"
            style={{ width: 80 }}
          />
        </label>
        <button type="submit" disabled={busy || !valid || below || max === view.maxFavourites}>
          Save
        </button>
      </form>
      <div id="max-help" className="small muted">
        {!valid
          ? `A number from 1 to ${MAX_FAVOURITES_LIMIT}.`
          : below
            ? `That is below the ${view.pinned} pinned tools: unpin ${view.tools.slice(max).join(', ')} first.`
            : view.enabled
              ? 'At most this many favourite/ tools are presented to the model.'
              : 'Disabled: the surface presents no favourite/ tools.'}
      </div>
    </div>
  );
}
