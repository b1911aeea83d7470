'use client';

import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { MAX_FAVOURITES_LIMIT } from '@/lib/limits';
import styles from './favourite-settings.module.css';

interface Props {
  view: FavouritesView;
  busy: boolean;
  /** The tools a refused lower maxFavourites named to unpin first (the 409's details.unpin). */
  conflict: string[] | null;
  onEnabled: (enabled: boolean) => void;
  onMaxFavourites: (maxFavourites: number) => void;
  onUnpinAndSave: (unpin: string[], maxFavourites: number) => void;
}

/**
 * The enabled switch and maxFavourites. Lowering it below the pinned count is refused by the
 * server, which names what to unpin; one button here unpins those and saves.
 */
export function FavouriteSettings({ view, busy, conflict, onEnabled, onMaxFavourites, onUnpinAndSave }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(view.maxFavourites);
  const max = Number(value);
  const valid = Number.isInteger(max) && max >= 1 && max <= MAX_FAVOURITES_LIMIT;
  const below = valid && max < view.pinned;
  const unchanged = max === view.maxFavourites;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !valid || unchanged) return;
    onMaxFavourites(max);
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
            name="maxFavourites"
            min={1}
            max={MAX_FAVOURITES_LIMIT}
            value={value}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={!valid || below}
            aria-describedby="max-help"
            style={{ width: 80 }}
          />
        </label>
        <button type="submit" disabled={!valid || unchanged} aria-disabled={busy || undefined}>
          Save
        </button>
      </form>
      <div id="max-help" className="small muted">
        {!valid
          ? `A number from 1 to ${MAX_FAVOURITES_LIMIT}.`
          : below
            ? `That is below the ${view.pinned} pinned tools: ${view.tools.slice(max).join(', ')} would have to be unpinned.`
            : view.enabled
              ? 'At most this many favourite/ tools are presented to the model.'
              : 'Disabled: the surface presents no favourite/ tools.'}
      </div>
      {conflict && conflict.length > 0 ? (
        <Alert tone="warn" role="alert" className="small" data-testid="below-pinned">
          <strong>
            maxFavourites {max} is below the {view.pinned} pinned tools.
          </strong>{' '}
          Unpin {conflict.join(', ')} to make room.
          <div className="row" style={{ marginTop: 8 }}>
            <button
              type="button"
              className="primary"
              data-fix="below-pinned"
              aria-disabled={busy || undefined}
              onClick={() => !busy && onUnpinAndSave(conflict, max)}
            >
              Unpin {conflict.length === 1 ? 'it' : `these ${conflict.length}`} and save
            </button>
          </div>
        </Alert>
      ) : null}
    </div>
  );
}
