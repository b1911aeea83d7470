import type { ReactNode } from 'react';
import { Card } from './card';
import { ErrorNotice } from './error-notice';
import { SkeletonRows } from './skeleton-rows';
import { useHydrated } from './use-hydrated';

/**
 * What the view reads of a query. Every react-query result fits; so does a hand-made one, for a
 * view of data that is derived from a query (e.g. one mode out of a preview).
 */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  /** What a screen reader hears while the skeleton shows, e.g. "Loading events". */
  loadingLabel: string;
  /** Roughly how many rows the data will take, so the page does not jump when it arrives. */
  loadingRows?: number;
  /** Draw the skeleton in a card, where the data arrives as cards of its own. */
  loadingInCard?: boolean;
  /** True when the data holds nothing to show; `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The one way a query's state reaches the screen: a skeleton until the first answer, the error
 * notice (with retry) when it fails, the empty state when there is nothing, else the children.
 * A failed refresh keeps the last data on screen, under the notice, so numbers do not vanish.
 * While hydrating it draws the skeleton, as the server did, even if the data is already here.
 */
export function QueryView<T>({ query, loadingLabel, loadingRows, loadingInCard, isEmpty, empty, children }: Props<T>) {
  const hydrated = useHydrated();
  const notice = query.isError ? <ErrorNotice error={query.error} onRetry={() => query.refetch()} /> : null;
  if (query.data === undefined || !hydrated) {
    if (notice && hydrated) return notice;
    if (!query.isPending && hydrated) return null;
    const skeleton = <SkeletonRows rows={loadingRows} label={loadingLabel} />;
    return loadingInCard ? <Card as="div">{skeleton}</Card> : skeleton;
  }
  return (
    <>
      {notice}
      {isEmpty?.(query.data) ? empty : children(query.data)}
    </>
  );
}
