'use client';

import type { MouseEvent } from 'react';
import { useSuggestionsQuery } from '@/components/api/use-suggestions-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ToolName } from '@/components/ui/tool-name';
import { QueryView } from '@/components/ui/query-view';
import type { FavouritesView } from '@/lib/contracts/favourites';
import type { SuggestionsResponse } from '@/lib/contracts/suggestions';
import { countOf, formatNumber, formatPercent } from '@/lib/format';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { ApplySuggestions } from './apply-suggestions';
import { FullNotice } from './full-notice';
import { PinButton } from './pin-button';
import { PinnedStar } from './pinned-star';
import styles from './suggestions-panel.module.css';

interface Props {
  id: string;
  view: FavouritesView;
  busy: boolean;
  /** Pin from this list; the event's button tells the page where the focus goes next. */
  onPin: (tool: string, event: MouseEvent<HTMLButtonElement>) => void;
  /** Replace the favourites with the suggested index, if they are still at `version`. */
  onApply: (index: FavouriteIndex, version: number) => Promise<boolean>;
}

type Suggested = SuggestionsResponse['suggested'][number];

/** At least this many candidates are listed, even under a small maxFavourites. */
const CANDIDATES = 10;

/**
 * The top tools of the last 30 days (GET /suggestions): ★ on pinned ones, pin one, or apply
 * the top maxFavourites of them at once. More candidates than fit are listed, below a line.
 * Calls the policy refused are counted apart, and whom the policy denies a tool is said.
 */
export function SuggestionsPanel({ id, view, busy, onPin, onApply }: Props) {
  const suggestions = useSuggestionsQuery(id, { window: '30d', top: Math.max(view.maxFavourites, CANDIDATES) });
  const columns = suggestionColumns(view, busy, onPin);
  return (
    <Card aria-labelledby="suggestions-heading" data-testid="suggestions" data-pin-scope="suggestions">
      <CardHeader
        id="suggestions-heading"
        title="Suggested from usage"
        note={suggestions.data ? `last ${countOf(suggestions.data.window.days, 'day')}` : null}
      />
      <QueryView query={suggestions} loadingLabel="Loading suggestions">
        {(data) =>
          data.suggested.length === 0 ? (
            <>
              <EmptyState>No calls in this window yet: nothing to suggest.</EmptyState>
              <WithheldNote withheld={data.withheld} />
            </>
          ) : (
            <>
              <FullNotice view={view} />
              <DataTable
                columns={columns}
                rows={data.suggested}
                rowKey={(s) => s.tool}
                labelledBy="suggestions-heading"
                rowClassName={(_, i) => (i === view.maxFavourites ? styles.beyondMax : undefined)}
                rowTitle={(_, i) => (i >= view.maxFavourites ? 'Beyond maxFavourites' : undefined)}
              />
              <ApplySuggestions view={view} suggested={data.suggested.map((s) => s.tool)} busy={busy} onApply={onApply} />
              <WithheldNote withheld={data.withheld} />
            </>
          )
        }
      </QueryView>
    </Card>
  );
}

/** An identity as a person reads it: `*` is anyone no rule names. */
const identityWords = (identity: string) => (identity === '*' ? 'anyone else' : identity);

/** The used or refused tools the policy denies to everyone: said, so their absence from the list is not a mystery. */
function WithheldNote({ withheld }: { withheld: SuggestionsResponse['withheld'] }) {
  if (withheld.length === 0) return null;
  return (
    <p className="small muted" data-testid="suggestions-withheld">
      Not suggested, as the tool policy denies them to every identity:{' '}
      {withheld.map((w, i) => (
        <span key={w.tool}>
          {i > 0 ? '; ' : ''}
          <ToolName name={w.tool} className="mono" /> ({countOf(w.calls, 'call')}, {countOf(w.refusals, 'refusal')})
        </span>
      ))}
      .
    </p>
  );
}

function suggestionColumns(view: FavouritesView, busy: boolean, onPin: Props['onPin']): Column<Suggested>[] {
  const pinned = new Set(view.tools);
  return [
    { id: 'rank', header: '#', className: 'muted', cell: (_, i) => i + 1 },
    {
      id: 'tool',
      header: 'Tool',
      className: 'mono',
      cell: (s) => (
        <>
          <ToolName name={s.tool} />
          {!s.inCatalog ? <Badge tone="warn"> not in catalog</Badge> : null}
          {s.deniedTo.length > 0 ? (
            <Badge tone="warn" data-testid="suggestion-denied" title="The tool policy keeps it from these identities: their sessions are not shown it.">
              {' '}
              denied to {s.deniedTo.map(identityWords).join(', ')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      id: 'calls',
      header: 'Calls',
      numeric: true,
      cell: (s) => (
        <>
          {formatNumber(s.calls)}
          {s.refusals > 0 ? (
            <div className="small muted" data-testid="suggestion-refusals">
              +{countOf(s.refusals, 'refusal')}
            </div>
          ) : null}
        </>
      ),
    },
    { id: 'share', header: 'Share', numeric: true, cell: (s) => formatPercent(s.share) },
    {
      id: 'pin',
      header: <span className="visually-hidden">Pin</span>,
      numeric: true,
      cell: (s) =>
        pinned.has(s.tool) ? <PinnedStar label={`${s.tool} is pinned`} title="Pinned" /> : <PinButton tool={s.tool} view={view} busy={busy} onPin={onPin} />,
    },
  ];
}
