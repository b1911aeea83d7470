'use client';

import { useState } from 'react';
import { useSuggestionsQuery } from '@/components/api/use-suggestions-query';
import { ErrorNotice, SkeletonRows } from '@/components/ui/query-state';
import { summariseChange } from '@/lib/favourites/change-summary';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { formatNumber, formatPercent } from '@/lib/format';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { fullReason, FullNotice } from './full-notice';

interface Props {
  id: string;
  view: FavouritesView;
  busy: boolean;
  onPin: (tool: string) => void;
  /** Replace the favourites with the suggested index, if they are still at `version`. */
  onApply: (index: FavouriteIndex, version: number) => Promise<boolean>;
}

/** At least this many candidates are listed, even under a small maxFavourites. */
const CANDIDATES = 10;

/**
 * The top tools of the last 30 days (GET /suggestions): ★ on pinned ones, pin one, or apply
 * the top maxFavourites of them at once. More candidates than fit are listed, below a line.
 */
export function SuggestionsPanel({ id, view, busy, onPin, onApply }: Props) {
  const suggestions = useSuggestionsQuery(id, { window: '30d', top: Math.max(view.maxFavourites, CANDIDATES) });
  const [confirming, setConfirming] = useState(false);
  const data = suggestions.data;
  const pinned = new Set(view.tools);
  const reason = fullReason(view);
  // Applying keeps maxFavourites: the suggestion is its top maxFavourites tools, in rank order.
  const suggestedIndex: FavouriteIndex | null = data
    ? { enabled: view.enabled, maxFavourites: view.maxFavourites, tools: data.suggested.slice(0, view.maxFavourites).map((s) => s.tool) }
    : null;
  const change = suggestedIndex && data && data.suggested.length > 0 ? summariseChange(view, suggestedIndex) : null;
  const nothingToApply = !change || (change.added.length === 0 && change.removed.length === 0 && !change.reordered);

  return (
    <section className="card" aria-labelledby="suggestions-heading" data-testid="suggestions">
      <div className="card-header">
        <h2 id="suggestions-heading">Suggested from usage</h2>
        {data ? <span className="muted small">last {data.window.days} days</span> : null}
      </div>
      {suggestions.isPending ? <SkeletonRows rows={4} label="Loading suggestions" /> : null}
      {suggestions.isError ? <ErrorNotice error={suggestions.error} onRetry={() => suggestions.refetch()} /> : null}
      {data && data.suggested.length === 0 ? <div className="empty">No calls in this window yet: nothing to suggest.</div> : null}
      {data && data.suggested.length > 0 ? (
        <>
          <FullNotice view={view} />
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Tool</th>
                <th scope="col" className="num">
                  Calls
                </th>
                <th scope="col" className="num">
                  Share
                </th>
                <th scope="col">
                  <span className="visually-hidden">Pin</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.suggested.map((s, i) => (
                <tr
                  key={s.tool}
                  className={i === view.maxFavourites ? 'beyond-max' : undefined}
                  title={i >= view.maxFavourites ? 'Beyond maxFavourites' : undefined}
                >
                  <td className="muted">{i + 1}</td>
                  <td className="mono">
                    {s.tool}
                    {!s.inCatalog ? <span className="badge warn"> not in catalog</span> : null}
                  </td>
                  <td className="num">{formatNumber(s.calls)}</td>
                  <td className="num">{formatPercent(s.share)}</td>
                  <td className="num">
                    {pinned.has(s.tool) ? (
                      <span className="star" role="img" aria-label={`${s.tool} is pinned`} title="Pinned">
                        ★
                      </span>
                    ) : (
                      <button type="button" aria-label={`Pin ${s.tool}`} title={reason ?? undefined} disabled={busy || view.full} onClick={() => onPin(s.tool)}>
                        ☆ Pin
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!confirming ? (
            <div className="row" style={{ marginTop: 10 }}>
              <button type="button" className="primary" disabled={busy || nothingToApply} onClick={() => setConfirming(true)}>
                Apply suggestions…
              </button>
              {nothingToApply ? <span className="small muted">The favourites already match.</span> : null}
            </div>
          ) : null}
          {confirming && change && suggestedIndex && data ? (
            <div className="confirm-box" role="group" aria-label="Confirm the suggested favourites">
              <strong>Apply these changes?</strong>
              <ul className="fav-changes">
                {change.added.map((t) => (
                  <li key={`+${t}`} className="diff-add">
                    + pin <code>{t}</code>
                  </li>
                ))}
                {change.removed.map((t) => (
                  <li key={`-${t}`} className="diff-remove">
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
                    await onApply(suggestedIndex, data.favouritesVersion ?? view.version);
                    setConfirming(false);
                  }}
                >
                  Confirm
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Cancel
                </button>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
