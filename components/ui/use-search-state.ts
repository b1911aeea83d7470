'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { parseSort, sortValue, withSearch } from '@/lib/url-search';
import type { TableSort } from './data-table';

const NO_SEARCH = new URLSearchParams();

/**
 * State kept in the query string, so a reload or a shared link shows the same view. Written
 * with history.replaceState, which Next's useSearchParams follows: no navigation, no refetch
 * of the page, and no history entry per keystroke.
 */
export function useSearchState() {
  // Both are null outside the App Router (a component rendered alone, as in its tests).
  const search: Pick<URLSearchParams, 'get'> = (useSearchParams() as URLSearchParams | null) ?? NO_SEARCH;
  const pathname = usePathname() as string | null;
  const set = useCallback(
    (changes: Record<string, string | null>) => {
      const path = pathname ?? window.location.pathname;
      const next = withSearch(new URLSearchParams(window.location.search), changes).toString();
      // Null, not history.state: Next passes a state of its own through untouched, without telling useSearchParams.
      window.history.replaceState(null, '', next ? `${path}?${next}` : path);
    },
    [pathname],
  );
  return { search, set };
}

/** A table's sort kept in the URL under `key`; the table's own default when the URL has none. */
export function useUrlSort(key: string, columns: readonly string[], fallback: TableSort | null = null) {
  const { search, set } = useSearchState();
  const sort = parseSort(search.get(key), columns) ?? fallback;
  const onSortChange = useCallback((next: TableSort) => set({ [key]: sortValue(next) }), [set, key]);
  return { sort, onSortChange };
}
