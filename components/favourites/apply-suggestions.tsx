'use client';

import { ConfirmBox } from '@/components/ui/confirm-box';
import { ToolName } from '@/components/ui/tool-name';
import { summariseChange } from '@/lib/favourites/change-summary';
import type { FavouritesView } from '@/lib/contracts/favourites';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import code from '@/components/ui/code-block.module.css';
import styles from './apply-suggestions.module.css';
import { useConfirmStep } from '@/components/ui/use-confirm-step';

interface Props {
  view: FavouritesView;
  /** The suggested tools in rank order; the top maxFavourites of them become the favourites. */
  suggested: string[];
  busy: boolean;
  onApply: (index: FavouriteIndex, version: number) => Promise<boolean>;
}

/** Replace the favourites with the top suggestions, after saying exactly what that pins and unpins. */
export function ApplySuggestions({ view, suggested, busy, onApply }: Props) {
  const { confirming, toggle, opener, confirm } = useConfirmStep();
  // Applying keeps maxFavourites: the suggestion is its top maxFavourites tools, in rank order.
  const index: FavouriteIndex = { enabled: view.enabled, maxFavourites: view.maxFavourites, tools: suggested.slice(0, view.maxFavourites) };
  const change = summariseChange(view, index);
  const nothingToApply = change.added.length === 0 && change.removed.length === 0 && !change.reordered;

  if (!confirming) {
    return (
      <div className={`row ${styles.start}`}>
        {/* Focusable even with nothing to apply: the focus comes back here after an apply. */}
        <button
          type="button"
          className="primary"
          ref={opener}
          data-apply
          aria-disabled={busy || nothingToApply || undefined}
          aria-describedby={nothingToApply ? 'apply-nothing' : undefined}
          onClick={() => !busy && !nothingToApply && toggle(true)}
        >
          Apply suggestions…
        </button>
        {nothingToApply ? (
          <span id="apply-nothing" className="small muted">
            The favourites already match.
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <ConfirmBox label="Confirm the suggested favourites">
      <strong>Apply these changes?</strong>
      <ul className={code.changes}>
        {change.added.map((t) => (
          <li key={`+${t}`} className="tone-ok">
            + pin <ToolName name={t} className="mono" />
          </li>
        ))}
        {change.removed.map((t) => (
          <li key={`-${t}`} className="tone-danger">
            − unpin <ToolName name={t} className="mono" />
          </li>
        ))}
        {change.reordered ? <li>↕ reorder by calls</li> : null}
      </ul>
      <div className="row">
        <button
          ref={confirm}
          type="button"
          className="primary"
          aria-disabled={busy || undefined}
          onClick={async () => {
            if (busy) return;
            // Guarded by the version the shown change was worked out from: the page's list. A list
            // changed since (here or elsewhere) refuses it, rather than be overwritten unseen.
            await onApply(index, view.version);
            toggle(false);
          }}
        >
          Confirm
        </button>
        <button type="button" onClick={() => toggle(false)}>
          Cancel
        </button>
      </div>
    </ConfirmBox>
  );
}
