'use client';

import { firstLine } from '@/lib/format';
import { useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import type { FavouritesView } from '@/lib/favourites/http';
import { fullReason, FullNotice } from './full-notice';

const SHOWN = 25;

/** Pin any tool of the catalog: search by name or description. */
export function CatalogPicker({ id, view, busy, onPin }: { id: string; view: FavouritesView; busy: boolean; onPin: (tool: string) => void }) {
  const catalog = useCatalogQuery(id);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const pinned = new Set(view.tools);
  const reason = fullReason(view);
  const tools = (catalog.data?.servers ?? []).flatMap((s) => s.tools.map((t) => ({ name: `${s.name}/${t.name}`, description: firstLine(t.description, 120) })));
  const matches = needle ? tools.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes(needle)) : tools;

  return (
    <section className="card" aria-labelledby="picker-heading" data-testid="catalog-picker">
      <div className="card-header">
        <h2 id="picker-heading">Pin from the catalog</h2>
        {catalog.data ? <span className="muted small">{tools.length} tools</span> : null}
      </div>
      <QueryView
        query={catalog}
        loadingLabel="Loading catalog"
        loadingRows={3}
        isEmpty={() => tools.length === 0}
        empty={<EmptyState>No catalog yet: upload a server&apos;s tools/list first.</EmptyState>}
      >
        {() => (
          <>
            <input
              type="search"
              placeholder="Search tools by name or description"
              aria-label="Search the catalog"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              style={{ width: '100%', marginBottom: 8 }}
            />
            <FullNotice view={view} />
            <ul className="picker-list">
              {matches.slice(0, SHOWN).map((t) => (
                <li key={t.name}>
                  <div className="picker-text">
                    <div className="mono">{t.name}</div>
                    {t.description ? <div className="small muted">{t.description}</div> : null}
                  </div>
                  {pinned.has(t.name) ? (
                    <span className="star" role="img" aria-label={`${t.name} is pinned`} title="Pinned">
                      ★
                    </span>
                  ) : (
                    <button type="button" aria-label={`Pin ${t.name}`} title={reason ?? undefined} disabled={busy || view.full} onClick={() => onPin(t.name)}>
                      ☆ Pin
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <div className="small muted">
              {matches.length === 0
                ? 'No tool matches.'
                : matches.length > SHOWN
                  ? `Showing ${SHOWN} of ${matches.length}: refine the search.`
                  : `${matches.length} shown.`}
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}
