'use client';

import { type MouseEvent, useState } from 'react';
import { useFavouritesQuery } from '@/components/api/use-favourites-query';
import { Card, CardHeader } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { Columns } from '@/components/ui/columns';
import { ErrorNotice } from '@/components/ui/error-notice';
import { firstFocusable } from '@/components/ui/use-keep-focus';
import { whenLoaded } from '@/components/ui/when-loaded';
import { ApiClientError } from '@/components/api/fetch';
import { errorDetails } from '@/lib/contracts/error-details';
import type { FavouritesView } from '@/lib/contracts/favourites';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { AlwaysLoadSetting } from './always-load-setting';
import { CatalogPicker } from './catalog-picker';
import { FavouriteSettings } from './favourite-settings';
import styles from './favourites-page.module.css';
import { MissingNotice, StaleNotice } from './favourites-notices';
import { HistoryTimeline } from './history-timeline';
import { type MoveControl, PinnedList } from './pinned-list';
import { SuggestionsPanel } from './suggestions-panel';
import { type PendingPin, PinConfirm, usePinCheck } from './pin-confirm';
import { attr, useFavouriteWrites } from './use-favourite-writes';
import { WriteAnnouncer } from './write-announcer';

/** Curate a project's favourites: where to pin from, the pinned list, the settings and the history. */
export const FavouritesPage = whenLoaded(useFavouritesQuery, { label: 'Loading favourites', rows: 5 }, FavouritesEditor);

const pinnedRows = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="pinned-list"] li[data-tool]'));
const pinnedRow = (tool: string) => document.querySelector<HTMLElement>(`[data-testid="pinned-list"] li${attr('data-tool', tool)}`);
const control = (row: Element | null | undefined, name: string) => row?.querySelector<HTMLElement>(`button[data-control="${name}"]`);
const position = (view: FavouritesView) => `${view.pinned} of ${view.maxFavourites}`;

/** The 409 of a maxFavourites below the pinned count, which names the tools to unpin. */
function belowPinned(error: unknown): string[] | null {
  if (!(error instanceof ApiClientError)) return null;
  return errorDetails(error.envelope, 'MAX_FAVOURITES_BELOW_PINNED')?.unpin ?? null;
}

function FavouritesEditor({ id, data: view }: { id: string; data: FavouritesView }) {
  const writes = useFavouriteWrites(id, view);
  const { run, busy } = writes;
  const conflict = belowPinned(writes.error);
  const askBeforePin = usePinCheck(id);
  const [pending, setPending] = useState<PendingPin | null>(null);

  /** Pin from a list of Pin buttons; the focus goes on to the next Pin of that list. */
  function pin(tool: string, event: MouseEvent<HTMLButtonElement>) {
    const scope = event.currentTarget.closest('[data-pin-scope]')?.getAttribute('data-pin-scope') ?? '';
    const buttons = () => Array.from(document.querySelectorAll<HTMLElement>(`[data-pin-scope="${scope}"] button[data-pin]`));
    const at = buttons().indexOf(event.currentTarget);
    const opener = event.currentTarget;
    const write = () =>
      void run(
        { kind: 'pin', tool },
        {
          focus: () => firstFocusable(buttons()[at], buttons()[at - 1], control(pinnedRow(tool), 'unpin')),
          said: (after) => `Pinned ${tool} (${position(after)}).`,
          undo: {
            write: { kind: 'unpin', tool },
            focus: () => firstFocusable(document.querySelector(`button${attr('data-pin', tool)}`), control(pinnedRows()[0], 'handle')),
            said: `Unpinned ${tool} again.`,
          },
        },
      );
    void askBeforePin(tool).then((asked) => {
      if (asked) setPending({ ...asked, tool, pin: write, cancel: () => opener.focus() });
      else write();
    });
  }

  /** Unpin; the focus goes to the row that takes its place (or the one before, or the empty list). */
  function unpin(tool: string) {
    const at = view.tools.indexOf(tool);
    void run(
      { kind: 'unpin', tool },
      {
        focus: () =>
          firstFocusable(control(pinnedRows()[at], 'unpin'), control(pinnedRows()[at - 1], 'unpin'), document.querySelector('[data-testid="pinned-empty"]')),
        said: (after) => `Unpinned ${tool} (${position(after)}).`,
        undo: {
          write: { kind: 'pin', tool, position: at },
          focus: () => control(pinnedRow(tool), 'unpin'),
          said: `Pinned ${tool} again, at position ${at + 1}.`,
        },
      },
    );
  }

  /** Move; the focus stays on the control used (↑, ↓ or the handle) of the moved row, or its other arrow at an end. */
  function move(tool: string, to: number, pressed: MoveControl) {
    void run(
      { kind: 'move', tool, to },
      {
        focus: () => {
          const row = pinnedRow(tool);
          return firstFocusable(control(row, pressed), control(row, pressed === 'up' ? 'down' : 'up'), control(row, 'handle'));
        },
        said: (after) => `Moved ${tool} to position ${after.tools.indexOf(tool) + 1} of ${after.tools.length}.`,
      },
    );
  }

  function apply(index: FavouriteIndex, version: number) {
    return run(
      { kind: 'replace', index, ifMatch: version },
      // The focus returns to "Apply suggestions…" (ApplySuggestions does that as its box closes).
      { said: (after) => `Applied the suggestions: ${after.tools.length} pinned.` },
    );
  }

  function revert(index: FavouriteIndex, changeVersion: number) {
    return run(
      { kind: 'replace', index, ifMatch: view.version },
      {
        focus: () => document.querySelector<HTMLElement>('[data-testid="history"] > li'),
        said: (after) => `Reverted the favourites to how they were before v${changeVersion}: now version ${after.version}.`,
      },
    );
  }

  const maxInput = () => document.querySelector<HTMLElement>('input[name="maxFavourites"]');
  return (
    <Columns>
      <div>
        <SuggestionsPanel id={id} view={view} busy={busy} onPin={pin} onApply={apply} />
        <CatalogPicker id={id} view={view} busy={busy} onPin={pin} />
      </div>
      <div>
        <Card aria-labelledby="pinned-heading">
          <CardHeader id="pinned-heading" title="Pinned favourites">
            <span className={cx(styles.count, view.full && styles.full)} data-testid="favourites-count" title="pinned / maxFavourites">
              {view.pinned} / {view.maxFavourites}
            </span>
          </CardHeader>
          {pending ? <PinConfirm key={pending.tool} pending={pending} onDone={() => setPending(null)} /> : null}
          <WriteAnnouncer notice={writes.notice} busy={busy} onUndo={writes.undo} />
          {writes.stale ? <StaleNotice stale={writes.stale} onDismiss={writes.dismissStale} /> : null}
          {writes.error && !conflict ? <ErrorNotice error={writes.error} /> : null}
          <MissingNotice view={view} />
          <PinnedList view={view} busy={busy} onMove={move} onUnpin={unpin} />
          <FavouriteSettings
            key={view.version}
            view={view}
            busy={busy}
            conflict={conflict}
            onEnabled={(enabled) =>
              run(
                { kind: 'settings', enabled },
                {
                  focus: () => document.querySelector<HTMLElement>('input[role="switch"]'),
                  said: (after) => `Favourites ${after.enabled ? 'enabled' : 'disabled'}.`,
                },
              )
            }
            onMaxFavourites={(maxFavourites) =>
              run(
                { kind: 'settings', maxFavourites, ifMatch: view.version },
                {
                  focus: () => firstFocusable(document.querySelector('button[data-fix="below-pinned"]'), maxInput()),
                  said: (after) => `maxFavourites is now ${after.maxFavourites}.`,
                },
              )
            }
            onUnpinAndSave={(unpinned, maxFavourites) =>
              run(
                {
                  kind: 'replace',
                  index: { enabled: view.enabled, maxFavourites, tools: view.tools.filter((t) => !unpinned.includes(t)) },
                  ifMatch: view.version,
                },
                { focus: maxInput, said: (after) => `Unpinned ${unpinned.join(', ')}; maxFavourites is now ${after.maxFavourites}.` },
              )
            }
          />
          <AlwaysLoadSetting id={id} />
        </Card>
        <HistoryTimeline id={id} view={view} busy={busy} onRevert={revert} />
      </div>
    </Columns>
  );
}
