'use client';

import { useMemo, useState } from 'react';
import type { Column, TableSort } from './data-table';
import type { PagerProps } from './pager';

interface Options<Row> {
  /** Rows on one page: what the page can draw without growing with the data. */
  pageSize: number;
  /** The text a search looks in, per row (e.g. name, server and description); without it there is no search. */
  searchText?: (row: Row) => string;
  /** The order over every row, applied before paging so page 2 continues page 1. */
  order?: ((a: Row, b: Row) => number) | null;
}

export interface PagedRows<Row> {
  /** The rows of the page shown, already searched and ordered. */
  rows: Row[];
  search: string;
  /** Changing the search goes back to page 1: the hits start there. */
  setSearch: (search: string) => void;
  /** How many rows the search keeps, over all pages. */
  matched: number;
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
  /** Ready for <Pager>. */
  pager: PagerProps;
}

/**
 * A long list as a searchable series of pages: the search runs over every row, the order over
 * every match, and only the page's rows reach the table, so the page stays as tall as one page.
 */
export function usePagedRows<Row>(all: readonly Row[], { pageSize, searchText, order }: Options<Row>): PagedRows<Row> {
  const [search, setSearchText] = useState('');
  const [wanted, setPage] = useState(1);
  const haystacks = useMemo(() => (searchText ? all.map((row) => searchText(row).toLowerCase()) : null), [all, searchText]);
  const needle = search.trim().toLowerCase();
  const matches = useMemo(() => {
    const kept = needle && haystacks ? all.filter((_, i) => haystacks[i]?.includes(needle)) : [...all];
    return order ? kept.sort(order) : kept;
  }, [all, haystacks, needle, order]);

  const pageCount = Math.max(1, Math.ceil(matches.length / pageSize));
  // A list that shrank (a catalog upload, a narrower search) keeps the reader on its last page, not past it.
  const page = Math.min(Math.max(1, wanted), pageCount);
  const start = (page - 1) * pageSize;
  const rows = matches.slice(start, start + pageSize);
  const setSearch = (next: string) => {
    setSearchText(next);
    setPage(1);
  };
  return {
    rows,
    search,
    setSearch,
    matched: matches.length,
    page,
    pageCount,
    setPage,
    pager: {
      first: rows.length ? start + 1 : 0,
      last: start + rows.length,
      total: matches.length,
      hasPrevious: page > 1,
      hasNext: page < pageCount,
      onPrevious: () => setPage(page - 1),
      onNext: () => setPage(page + 1),
    },
  };
}

/**
 * The order a DataTable would give its rows for `sort`, as one comparison: for sorting every row
 * before paging, while the table (given the same sort) only draws and reports header clicks.
 */
export function tableOrder<Row>(
  columns: readonly Column<Row>[],
  sort: TableSort | null,
  tieBreak?: (a: Row, b: Row) => number,
): ((a: Row, b: Row) => number) | null {
  const compare = sort ? columns.find((c) => c.id === sort.column)?.sort : undefined;
  if (!sort || !compare) return tieBreak ?? null;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return (a, b) => sign * compare(a, b) || (tieBreak ? tieBreak(a, b) : 0);
}
