import { itemAt } from '@/lib/arrays';

/** A table's order as a link carries it: a column and a direction. */
export interface UrlSort {
  column: string;
  direction: 'ascending' | 'descending';
}

/** The search with these keys set, or removed where null or empty; other keys are kept. */
export function withSearch(search: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** `calls.desc` → calls, descending; anything else (or a column the table lacks) → null. */
export function parseSort(value: string | null, columns: readonly string[]): UrlSort | null {
  const match = value ? /^([\w-]+)\.(asc|desc)$/.exec(value) : null;
  if (!match || !columns.includes(itemAt(match, 1))) return null;
  return { column: itemAt(match, 1), direction: match[2] === 'asc' ? 'ascending' : 'descending' };
}

export function sortValue(sort: UrlSort): string {
  return `${sort.column}.${sort.direction === 'ascending' ? 'asc' : 'desc'}`;
}
