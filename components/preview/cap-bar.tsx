import { Badge } from '@/components/ui/badge';
import { cx } from '@/components/ui/class-names';
import { countOf, formatNumber } from '@/lib/format';
import styles from './cap-bar.module.css';

/**
 * Count against the target's cap: over the cap the bar is red and says by how much. Within it
 * the bar says only that, never "fits": names may still be refused, and the verdict says so.
 * When the client defers tools, `count` is the tools sent in full: those are what the cap is checked against.
 */
export function CapBar({ count, cap, warnAbove, deferred = 0 }: { count: number; cap: number | null; warnAbove: number | null; deferred?: number }) {
  const limit = cap ?? warnAbove;
  const over = cap !== null && count > cap;
  const warn = cap === null && warnAbove !== null && count > warnAbove;
  const share = limit ? Math.min(count / limit, 1) : 0;
  return (
    <div>
      <div className="row small">
        <span data-testid="cap-count">
          {cap !== null ? (
            <>
              <strong>{formatNumber(count)}</strong>
              {deferred > 0 ? ' loaded' : ''} / {countOf(cap, 'tool')}
            </>
          ) : (
            <strong>
              {countOf(count, 'tool')}
              {deferred > 0 ? ' loaded' : ''}
            </strong>
          )}
        </span>
        <span className="spacer" />
        {over ? (
          <Badge tone="danger" data-testid="over-cap">
            over the cap by {formatNumber(count - cap)}
          </Badge>
        ) : cap !== null ? (
          <Badge>within the cap</Badge>
        ) : warn ? (
          <Badge tone="warn">above {warnAbove}: expect worse tool choice</Badge>
        ) : (
          <Badge>no hard cap</Badge>
        )}
      </div>
      <div
        className={cx(styles.bar, over && styles.over, warn && styles.warn)}
        role="meter"
        aria-label="Tools against the cap"
        aria-valuemin={0}
        aria-valuemax={limit ?? count}
        aria-valuenow={count}
      >
        <div className={styles.fill} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
