'use client';

import { useState } from 'react';
import { useFavouriteMutation, type FavouriteWrite } from '@/components/api/use-favourite-mutation';
import { useFavouritesQuery } from '@/components/api/use-favourites-query';
import { Card, CardHeader } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { Columns } from '@/components/ui/columns';
import { ErrorNotice } from '@/components/ui/error-notice';
import { QueryView } from '@/components/ui/query-view';
import { ApiClientError } from '@/lib/api-client';
import { describeChange } from '@/lib/favourites/change-summary';
import type { FavouritesView } from '@/lib/contracts/favourites';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { CatalogPicker } from './catalog-picker';
import { FavouriteSettings } from './favourite-settings';
import styles from './favourites-page.module.css';
import { MissingNotice, StaleNotice, type StaleWrite } from './favourites-notices';
import { HistoryTimeline } from './history-timeline';
import { PinnedList } from './pinned-list';
import { SuggestionsPanel } from './suggestions-panel';

/** Curate a project's favourites: the pinned list, where to pin from, the settings and the history. */
export function FavouritesPage({ id }: { id: string }) {
  const favourites = useFavouritesQuery(id);
  return (
    <QueryView query={favourites} loadingLabel="Loading favourites" loadingRows={5}>
      {(view) => <FavouritesEditor id={id} view={view} />}
    </QueryView>
  );
}

function FavouritesEditor({ id, view }: { id: string; view: FavouritesView }) {
  const write = useFavouriteMutation(id);
  const [stale, setStale] = useState<StaleWrite | null>(null);

  /** Run a write; a 412 becomes the "someone else changed it" notice instead of an error. */
  async function run(change: FavouriteWrite): Promise<boolean> {
    setStale(null);
    write.reset();
    const seen = view;
    try {
      await write.mutateAsync(change);
      return true;
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 412) {
        const details = err.envelope.details as { currentVersion: number; current: FavouriteIndex } | undefined;
        setStale({ version: details?.currentVersion ?? 0, what: details ? describeChange(seen, details.current) : '' });
        write.reset();
      }
      return false;
    }
  }

  const busy = write.isPending;

  return (
    <Columns>
      <div>
        <Card aria-labelledby="pinned-heading">
          <CardHeader id="pinned-heading" title="Pinned favourites">
            <span
              className={cx(styles.count, view.full && styles.full)}
              data-testid="favourites-count"
              role="status"
              aria-label={`${view.pinned} of ${view.maxFavourites} pinned`}
            >
              {view.pinned} / {view.maxFavourites}
            </span>
          </CardHeader>
          {stale ? <StaleNotice stale={stale} onDismiss={() => setStale(null)} /> : null}
          {write.isError ? <ErrorNotice error={write.error} /> : null}
          <MissingNotice view={view} />
          <PinnedList view={view} busy={busy} onMove={(tool, to) => run({ kind: 'move', tool, to })} onUnpin={(tool) => run({ kind: 'unpin', tool })} />
          <FavouriteSettings
            key={view.version}
            view={view}
            busy={busy}
            onEnabled={(enabled) => run({ kind: 'settings', enabled })}
            onMaxFavourites={(maxFavourites) => run({ kind: 'settings', maxFavourites, ifMatch: view.version })}
          />
        </Card>
        <HistoryTimeline id={id} />
      </div>
      <div>
        <SuggestionsPanel
          id={id}
          view={view}
          busy={busy}
          onPin={(tool) => run({ kind: 'pin', tool })}
          onApply={(index, version) => run({ kind: 'replace', index, ifMatch: version })}
        />
        <CatalogPicker id={id} view={view} busy={busy} onPin={(tool) => run({ kind: 'pin', tool })} />
      </div>
    </Columns>
  );
}
