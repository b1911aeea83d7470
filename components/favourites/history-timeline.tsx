'use client';

import { useState, type ReactNode } from 'react';
import { useFavouritesHistoryQuery, type FavouritesHistoryEntry } from '@/components/api/use-favourites-history-query';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { formatDateTime, formatRelative } from '@/lib/format';
import styles from './history-timeline.module.css';

const VIA: Record<string, string> = { ui: 'dashboard', api: 'API', yaml: 'YAML', cli: 'CLI', demo: 'demo' };
/** The dashboard's own changes and YAML applies each get a colour, so a glance tells them from API and CLI ones. */
const VIA_TONE: Record<string, BadgeTone> = { ui: 'accent', yaml: 'ok' };

/** Every change of the favourites, newest first: when, via what, and what it did. */
export function HistoryTimeline({ id }: { id: string }) {
  const [limit, setLimit] = useState(20);
  const history = useFavouritesHistoryQuery(id, limit);
  return (
    <Card aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <QueryView query={history} loadingLabel="Loading history" loadingRows={3}>
        {(data) => (
          <ol className={styles.timeline} data-testid="history">
            {data.changes.map((change) => (
              <li key={change.version}>
                <div className="row small">
                  <Badge>v{change.version}</Badge>
                  <Badge tone={VIA_TONE[change.via] ?? 'neutral'}>via {VIA[change.via] ?? change.via}</Badge>
                  <time className="muted" dateTime={change.changedAt} title={formatDateTime(change.changedAt)}>
                    {formatRelative(change.changedAt)}
                  </time>
                </div>
                <ChangeLine change={change} />
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

function ChangeLine({ change }: { change: FavouritesHistoryEntry }) {
  const { summary, before, after } = change;
  if (!before)
    return (
      <div className={styles.text}>
        Created with {after.tools.length} favourites, maxFavourites {after.maxFavourites}.
      </div>
    );
  const parts: ReactNode[] = [];
  if (summary.added.length) parts.push(<span key="a">Pinned {codes(summary.added)}</span>);
  if (summary.removed.length) parts.push(<span key="r">Unpinned {codes(summary.removed)}</span>);
  if (summary.reordered) parts.push(<span key="o">Reordered</span>);
  if (summary.enabled) parts.push(<span key="e">{summary.enabled.to ? 'Enabled' : 'Disabled'}</span>);
  if (summary.maxFavourites)
    parts.push(
      <span key="m">
        maxFavourites {summary.maxFavourites.from} → {summary.maxFavourites.to}
      </span>,
    );
  return <div className={styles.text}>{parts.length ? parts.flatMap((p, i) => (i ? [' · ', p] : [p])) : 'No change'}</div>;
}

function codes(tools: string[]) {
  return tools.map((t, i) => (
    <span key={t}>
      {i ? ', ' : ''}
      <code>{t}</code>
    </span>
  ));
}
