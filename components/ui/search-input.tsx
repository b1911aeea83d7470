'use client';

import type { PagedRows } from './use-paged-rows';

/**
 * The search box of a paged list (usePagedRows): it filters the list as one types. Its label is
 * read out, its placeholder (the label, unless told) shown.
 */
export function SearchInput({
  label,
  placeholder = label,
  paged,
  className,
}: {
  label: string;
  placeholder?: string;
  paged: Pick<PagedRows<unknown>, 'search' | 'setSearch'>;
  className?: string;
}) {
  return (
    <input
      type="search"
      placeholder={placeholder}
      aria-label={label}
      value={paged.search}
      onChange={(e) => paged.setSearch(e.target.value)}
      className={className}
    />
  );
}
