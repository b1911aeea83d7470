'use client';

import { countOf, firstLine } from '@/lib/format';
import { type MouseEvent, useMemo } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ToolName } from '@/components/ui/tool-name';
import { SearchInput } from '@/components/ui/search-input';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { usePagedRows } from '@/components/ui/use-paged-rows';
import type { FavouritesView } from '@/lib/contracts/favourites';
import styles from './catalog-picker.module.css';
import { FullNotice } from './full-notice';
import { PinButton } from './pin-button';
import { PinnedStar } from './pinned-star';

/** Tools drawn at once: the picker sits beside the favourites, so it stays short. */
const SHOWN = 25;
const searchText = (t: PickerTool) => `${t.name} ${t.description}`;

interface PickerTool {
  name: string;
  description: string;
}

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
  const pinned = new Set(view.tools);
  const servers = catalog.data?.servers;
  const tools = useMemo<PickerTool[]>(
    () => (servers ?? []).flatMap((s) => s.tools.map((t) => ({ name: `${s.name}/${t.name}`, description: firstLine(t.description, 120) }))),
    [servers],
  );
  const paged = usePagedRows(tools, { pageSize: SHOWN, searchText });

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
            <SearchInput label="Search the catalog" placeholder="Search tools by name or description" paged={paged} className={styles.search} />
            <FullNotice view={view} />
            <ul className={styles.list}>
              {paged.rows.map((t) => (
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
            {paged.matched === 0 ? <div className="small muted">No tool matches “{paged.search.trim()}”.</div> : null}
            <Pager noun="tools" {...paged.pager} />
          </>
        )}
      </QueryView>
    </Card>
  );
}
