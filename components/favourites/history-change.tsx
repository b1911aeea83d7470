'use client';

import { useEffect, useRef } from 'react';
import type { FavouritesHistoryEntry } from '@/components/api/use-favourites-history-query';
import { ConfirmBox } from '@/components/ui/confirm-box';
import { ToolName } from '@/components/ui/tool-name';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { describeChange } from '@/lib/favourites/change-summary';
import { diffLists } from '@/lib/favourites/list-diff';
import { countOf } from '@/lib/format';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import styles from './history-timeline.module.css';

/** One history entry as a diff: pinned (+), unpinned (−), moved (↕ from → to), and the settings. */
export function HistoryChange({ change }: { change: FavouritesHistoryEntry }) {
  const { before, after, summary } = change;
  if (!before) {
    return (
      <div className={styles.text}>
        Created with {countOf(after.tools.length, 'favourite')}, maxFavourites {after.maxFavourites}.
      </div>
    );
  }
  const diff = diffLists(before.tools, after.tools);
  const settings = [
    summary.enabled ? (summary.enabled.to ? 'Enabled' : 'Disabled') : null,
    summary.maxFavourites ? `maxFavourites ${summary.maxFavourites.from} → ${summary.maxFavourites.to}` : null,
  ].filter((s): s is string => s !== null);
  const nothing = diff.added.length + diff.removed.length + diff.moved.length + settings.length === 0;
  return (
    <div className={styles.text}>
      {/* Lines, not a nested list: an entry of the timeline is one list item. */}
      <div className={styles.diff}>
        {diff.added.map((a) => (
          <div key={`+${a.tool}`} className="tone-ok">
            <span aria-hidden="true">+ </span>Pinned <ToolName name={a.tool} className="mono" /> <span className="muted">at {a.at}</span>
          </div>
        ))}
        {diff.removed.map((r) => (
          <div key={`-${r.tool}`} className="tone-danger">
            <span aria-hidden="true">− </span>Unpinned <ToolName name={r.tool} className="mono" /> <span className="muted">(was {r.was})</span>
          </div>
        ))}
        {diff.moved.map((m) => (
          <div key={`~${m.tool}`}>
            <span aria-hidden="true">↕ </span>Moved <ToolName name={m.tool} className="mono" />{' '}
            <span className="muted">
              {m.from} → {m.to}
            </span>
          </div>
        ))}
        {settings.map((s) => (
          <div key={s}>{s}</div>
        ))}
        {nothing ? <div>No change</div> : null}
      </div>
      {diff.added.length + diff.removed.length + diff.moved.length > 0 ? (
        <details className={styles.lists}>
          <summary>Before → after</summary>
          <div className={styles.columns}>
            <OrderedTools label="Before" tools={before.tools} />
            <OrderedTools label="After" tools={after.tools} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

function OrderedTools({ label, tools }: { label: string; tools: string[] }) {
  return (
    <div>
      <div className="muted small">{label}</div>
      {tools.length === 0 ? (
        <div className="muted small">(none)</div>
      ) : (
        <div>
          {tools.map((t, i) => (
            <div key={t}>
              <span className="muted small">{i + 1}. </span>
              <ToolName name={t} className="mono small" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** What a revert would do to the current favourites, before it is done. */
export function RevertBox(props: {
  change: FavouritesHistoryEntry;
  before: FavouriteIndex;
  view: FavouritesView;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { change, before, view, busy, onCancel, onConfirm } = props;
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The box replaces nothing, so the focus is carried into it.
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <ConfirmBox label={`Revert to before v${change.version}`}>
      <strong>Set the favourites back to how they were before v{change.version}?</strong>
      <div className="small">
        From the current list (v{view.version}) that would: {describeChange(view, before)}.
      </div>
      <div className="row" style={{ marginTop: 8 }}>
        <button ref={confirmRef} type="button" className="primary" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
          Revert
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </ConfirmBox>
  );
}
