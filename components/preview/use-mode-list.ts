'use client';

import { useEffect, useState } from 'react';
import { type PreviewParams, usePreviewQuery } from '@/components/api/use-preview-query';
import type { TableSort } from '@/components/ui/data-table';
import type { PagerProps } from '@/components/ui/pager';
import type { QueryLike } from '@/components/ui/query-view';
import { useUrlSort } from '@/components/ui/use-search-state';
import type { ModePreview } from '@/lib/contracts/preview';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { sortValue } from '@/lib/url-search';
import { useDebounced } from './use-debounced';

/** Rows drawn at once; a mode may list every tool of a catalog of tens of thousands. */
export const ROWS_PER_PAGE = 50;
/** The columns the API sorts a list by (`sort` of the preview). */
export const LIST_SORT_COLUMNS = ['position', 'name', 'visibility', 'canonical'] as const;

/** The opened mode's list as the page shows it: one page from the API, and what moves to another. */
export interface ModeList {
  /** The opened mode's page; pending until the first page of this mode arrives (a new page keeps the last one on screen). */
  query: QueryLike<ModePreview>;
  busy: boolean;
  search: string;
  setSearch: (search: string) => void;
  /** The search the page on screen was asked with. */
  searched: string;
  page: number;
  pager: PagerProps;
  sort: TableSort | null;
  onSortChange: (next: TableSort) => void;
}

/**
 * The list of the mode opened, a page at a time: its search (debounced, as typed), its page
 * (back to the first when the mode, the search or the order changes) and its order (kept in
 * the URL with the mode opened, so a shared link shows the list as it was sorted).
 */
export function useModeList(id: string, params: PreviewParams, mode: SurfaceMode | null, enabled: boolean): ModeList {
  const [search, setSearch] = useState('');
  const { sort, onSortChange } = useUrlSort('sort', LIST_SORT_COLUMNS);
  const filter = useDebounced(search.trim(), 250);
  const order = sortValue(sort ?? { column: 'position', direction: 'ascending' });
  // The page belongs to one mode, search and order: any other starts at the first.
  const list = `${mode}\u0000${filter}\u0000${order}`;
  const [paged, setPaged] = useState({ list, page: 1 });
  const page = paged.list === list ? paged.page : 1;
  const setPage = (next: number) => setPaged({ list, page: next });
  const asked = { ...params, mode: mode ?? 'off', detail: 'full' as const, limit: ROWS_PER_PAGE, offset: (page - 1) * ROWS_PER_PAGE, filter, sort: order };
  const detail = usePreviewQuery(id, asked, { enabled: enabled && mode !== null });
  // A page of another mode is not this mode's list: wait for this one's. Another page of this one stays until the next arrives.
  const data = detail.data?.modes[0]?.mode === mode ? detail.data?.modes[0] : undefined;
  const matching = data?.page.matching ?? 0;
  const pages = Math.max(1, Math.ceil(matching / ROWS_PER_PAGE));
  // A list that shrank (other settings, a catalog upload) keeps the reader on its last page, not past it.
  useEffect(() => {
    if (data && page > pages) setPaged({ list, page: pages });
  }, [data, page, pages, list]);
  const first = data ? data.page.offset + 1 : 0;
  return {
    query: { data, error: detail.error, isError: detail.isError, isPending: detail.isPending || data === undefined, refetch: detail.refetch },
    busy: detail.isFetching,
    search,
    setSearch,
    searched: data?.page.filter ?? '',
    page,
    pager: {
      first: data && data.tools.length > 0 ? first : 0,
      last: data ? data.page.offset + data.tools.length : 0,
      total: matching,
      hasPrevious: page > 1,
      hasNext: page < pages,
      onPrevious: () => setPage(page - 1),
      onNext: () => setPage(page + 1),
    },
    sort,
    onSortChange,
  };
}
