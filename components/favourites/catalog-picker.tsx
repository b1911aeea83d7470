'use client';

import { countOf, firstLine } from '@/lib/format';
import { type MouseEvent, useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ToolName } from '@/components/ui/tool-name';
import { SearchInput } from '@/components/ui/search-input';
import { QueryView } from '@/components/ui/query-view';
import type { FavouritesView } from '@/lib/contracts/favourites';
import styles from './catalog-picker.module.css';
import { FullNotice } from './full-notice';
import { PinButton } from './pin-button';
import { PinnedStar } from './pinned-star';

/** Rows shown at first and added by each "Show more": the list grows in the page, never in a box of its own. */
const STEP = 25;

/** Pin any tool of the catalog: search by name or description. */
export function CatalogPicker({
  id,
  view,
  busy,
  onPin,
}: {
  id: string;
  view: FavouritesView;
  busy: boolean;
  onPin: (tool: string, event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const catalog = useCatalogQuery(id);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(STEP);
  const needle = query.trim().toLowerCase();
  const pinned = new Set(view.tools);
  const tools = (catalog.data?.servers ?? []).flatMap((s) => s.tools.map((t) => ({ name: `${s.name}/${t.name}`, description: firstLine(t.description, 120) })));
  const matches = needle ? tools.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes(needle)) : tools;

  return (
    <Card aria-labelledby="picker-heading" data-testid="catalog-picker" data-pin-scope="catalog">
      <CardHeader id="picker-heading" title="Pin from the catalog" note={catalog.data ? countOf(tools.length, 'tool') : null} />
      <QueryView
        query={catalog}
        loadingLabel="Loading catalog"
        loadingRows={3}
        isEmpty={() => tools.length === 0}
        empty={<EmptyState>No catalog yet: upload a server&apos;s tools/list first.</EmptyState>}
      >
        {() => (
          <>
            <SearchInput
              label="Search the catalog"
              placeholder="Search tools by name or description"
              value={query}
              onChange={(next) => {
                setQuery(next);
                setShown(STEP);
              }}
              className={styles.search}
            />
            <FullNotice view={view} />
            <ul className={styles.list}>
              {matches.slice(0, shown).map((t) => (
                <li key={t.name}>
                  <div className={styles.text}>
                    <ToolName name={t.name} className="mono" />
                    {t.description ? <div className="small muted">{t.description}</div> : null}
                  </div>
                  {pinned.has(t.name) ? (
                    <PinnedStar label={`${t.name} is pinned`} title="Pinned" />
                  ) : (
                    <PinButton tool={t.name} view={view} busy={busy} onPin={onPin} />
                  )}
                </li>
              ))}
            </ul>
            <div className="row small muted">
              {matches.length === 0
                ? 'No tool matches.'
                : matches.length > shown
                  ? `Showing ${shown} of ${matches.length}: search to narrow them, or show more.`
                  : `${matches.length} shown.`}
              {matches.length > shown ? (
                <button type="button" className="link" onClick={() => setShown((n) => n + STEP)}>
                  Show {Math.min(STEP, matches.length - shown)} more
                </button>
              ) : null}
            </div>
          </>
        )}
      </QueryView>
    </Card>
  );
}
