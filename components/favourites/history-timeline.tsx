'use client';

import { useEffect, useState } from 'react';
import { useFavouritesHistoryQuery, type FavouritesHistoryEntry } from '@/components/api/use-favourites-history-query';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PageLink } from '@/components/ui/page-link';
import { QueryView } from '@/components/ui/query-view';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { sameIndex } from '@/lib/favourites/rules';
import { formatDateTime, formatRelative } from '@/lib/format';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { HistoryChange, RevertBox } from './history-change';
import styles from './history-timeline.module.css';

const VIA: Record<string, string> = { ui: 'dashboard', api: 'API', yaml: 'YAML', cli: 'CLI', demo: 'demo' };
/** The dashboard's own changes and YAML applies each get a colour, so a glance tells them from API and CLI ones. */
const VIA_TONE: Record<string, BadgeTone> = { ui: 'accent', yaml: 'ok' };

interface Props {
  id: string;
  /** The favourites in force: an entry whose `before` is the same has nothing to revert. */
  view: FavouritesView;
  busy: boolean;
  /** Write an entry's `before` back (a new version, recorded via the dashboard). */
  onRevert: (before: FavouriteIndex, changeVersion: number) => Promise<boolean>;
}

/** Every change of the favourites, newest first: when, via what, what it did (a diff), and a revert. */
export function HistoryTimeline({ id, view, busy, onRevert }: Props) {
  const [limit, setLimit] = useState(20);
  const [confirming, setConfirming] = useState<number | null>(null);
  // After a revert the focus goes to the entry it made, once the history shows it.
  const [focusVersion, setFocusVersion] = useState<number | null>(null);
  const history = useFavouritesHistoryQuery(id, limit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: looked for again each time the history arrives
  useEffect(() => {
    if (focusVersion === null) return;
    const entry = document.querySelector<HTMLElement>(`[data-testid="history"] > li[data-version="${focusVersion}"]`);
    if (!entry) return;
    entry.focus();
    setFocusVersion(null);
  }, [focusVersion, history.data]);
  return (
    <Card aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <QueryView query={history} loadingLabel="Loading history" loadingRows={3}>
        {(data) => (
          <ol className={styles.timeline} data-testid="history">
            {data.changes.map((change) => (
              <li key={change.version} tabIndex={-1} data-version={change.version}>
                <div className="row small">
                  <Badge>v{change.version}</Badge>
                  <Badge tone={VIA_TONE[change.via] ?? 'neutral'}>via {VIA[change.via] ?? change.via}</Badge>
                  <time className="muted" dateTime={change.changedAt} title={formatDateTime(change.changedAt)}>
                    {formatRelative(change.changedAt)}
                  </time>
                  <RevertButton change={change} view={view} busy={busy} open={confirming === change.version} onOpen={() => setConfirming(change.version)} />
                </div>
                <HistoryChange change={change} />
                {confirming === change.version && change.before ? (
                  <RevertBox
                    change={change}
                    before={change.before}
                    view={view}
                    busy={busy}
                    onCancel={() => {
                      setConfirming(null);
                      document.querySelector<HTMLElement>(`[data-revert="${change.version}"]`)?.focus();
                    }}
                    onConfirm={async () => {
                      // Written against the version in force, the revert becomes the next one.
                      const next = view.version + 1;
                      // Sound: shown only when change.before is set (the ternary above); this closure loses that narrowing.
                      if (await onRevert(change.before as FavouriteIndex, change.version)) {
                        setConfirming(null);
                        setFocusVersion(next);
                      }
                    }}
                  />
                ) : null}
                {change.before ? (
                  <PageLink className="small" href={`/projects/${encodeURIComponent(id)}/impact?favouritesVersion=${change.version}`}>
                    What changed after this
                  </PageLink>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryView>
      {history.data?.next ? (
        <button type="button" className="link" onClick={() => setLimit((n) => n + 20)}>
          Show older changes
        </button>
      ) : null}
    </Card>
  );
}

function RevertButton({
  change,
  view,
  busy,
  open,
  onOpen,
}: {
  change: FavouritesHistoryEntry;
  view: FavouritesView;
  busy: boolean;
  open: boolean;
  onOpen: () => void;
}) {
  if (!change.before) return null;
  if (sameIndex(change.before, view)) return <span className="muted small">(its before is the current list)</span>;
  return (
    <button
      type="button"
      className="small"
      data-revert={change.version}
      aria-expanded={open}
      aria-disabled={busy || undefined}
      onClick={() => !busy && onOpen()}
    >
      Revert<span className="visually-hidden"> v{change.version}</span>
    </button>
  );
}
