'use client';

import { formatNumber } from '@/lib/format';
import styles from './pager.module.css';

export interface PagerProps {
  /** 1-based places of the page's first and last rows. */
  first: number;
  last: number;
  /** Rows over all pages; undefined when the source pages by cursor and does not count. */
  total?: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * "Showing 51–100 of 3,000 · Previous · Next" under a paged list. The buttons stay focusable at
 * either end (aria-disabled, not disabled), so a keyboard user pressing Next to the last page does
 * not lose focus; the range is a live region, so a screen reader hears where the page now starts.
 */
export function Pager({ noun, ...props }: PagerProps & { /** What the rows are, plural: "tools", "events". */ noun: string }) {
  const { first, last, total, hasPrevious, hasNext, onPrevious, onNext } = props;
  if (!hasPrevious && !hasNext) return null;
  const range = `Showing ${formatNumber(first)}–${formatNumber(last)}${total === undefined ? '' : ` of ${formatNumber(total)}`} ${noun}`;
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
      <span role="status" className="small muted" data-testid="pager-range">
        {range}
      </span>
      <span className={styles.buttons}>
        <button type="button" aria-disabled={!hasPrevious || undefined} onClick={() => hasPrevious && onPrevious()}>
          Previous
        </button>
        <button type="button" aria-disabled={!hasNext || undefined} onClick={() => hasNext && onNext()}>
          Next
        </button>
      </span>
    </nav>
  );
}

/** A page of a list that answers by `offset` and `limit` with its `total`, as its Pager shows it. */
export interface OffsetPage {
  offset: number;
  limit: number;
  total: number;
  items: readonly unknown[];
}

/** The Pager of an offset-paged list: `onPage` is given the offset to ask for next. */
export function OffsetPager({ noun, page, onPage }: { noun: string; page: OffsetPage; onPage: (offset: number) => void }) {
  return (
    <Pager
      noun={noun}
      first={page.offset + 1}
      last={page.offset + page.items.length}
      total={page.total}
      hasPrevious={page.offset > 0}
      hasNext={page.offset + page.items.length < page.total}
      onPrevious={() => onPage(Math.max(0, page.offset - page.limit))}
      onNext={() => onPage(page.offset + page.limit)}
    />
  );
}
