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

type Suggested = NonNullable<ReturnType<typeof useSuggestionsQuery>['data']>['suggested'][number];

/** At least this many candidates are listed, even under a small maxFavourites. */
const CANDIDATES = 10;

/**
 * The top tools of the last 30 days (GET /suggestions): ★ on pinned ones, pin one, or apply
 * the top maxFavourites of them at once. More candidates than fit are listed, below a line.
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
      <QueryView
        query={suggestions}
        loadingLabel="Loading suggestions"
        isEmpty={(data) => data.suggested.length === 0}
        empty={<EmptyState>No calls in this window yet: nothing to suggest.</EmptyState>}
      >
        {(data) => (
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
          </>
        )}
      </QueryView>
    </Card>
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
        </>
      ),
    },
    { id: 'calls', header: 'Calls', numeric: true, cell: (s) => formatNumber(s.calls) },
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
