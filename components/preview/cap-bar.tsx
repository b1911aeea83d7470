import { Badge } from '@/components/ui/badge';
import { cx } from '@/components/ui/class-names';
import { countOf, formatNumber } from '@/lib/format';
import styles from './cap-bar.module.css';

interface Props {
  count: number;
  /** The target's hard cap; null when it has none. */
  cap: number | null;
  warnAbove: number | null;
  deferred?: number;
  /** The client's own cap on the tools it sends; null when it has none (or none is known). */
  clientCap?: number | null;
  /** Tools the client leaves out before the target sees the list (its cap, its name rules). */
  leftOutByClient?: number;
  /** Who is who, for the sentence that says which cap counts. The client is null for names as presented. */
  route?: { client: string | null; target: string };
}

/**
 * Count against the cap that binds: the target's, or the client's own where that is smaller (Cursor
 * sends 40 whatever the provider takes). Over the target's cap the bar is red and says by how much;
 * when the client left tools out first it says so beside the count, never a plain "within the cap"
 * next to a verdict that warns. Within the cap it says only that, never "fits": names may still be
 * refused, and the verdict says so. When the client defers tools, `count` is the tools sent in full.
 */
export function CapBar({ count, cap, warnAbove, deferred = 0, clientCap = null, leftOutByClient = 0, route = { client: null, target: 'the target' } }: Props) {
  const clientBinds = clientCap !== null && route.client !== null && (cap === null || clientCap < cap);
  const shown = clientBinds ? clientCap : cap;
  const limit = shown ?? warnAbove;
  const over = cap !== null && count > cap;
  const warn = cap === null && !clientBinds && warnAbove !== null && count > warnAbove;
  const share = limit ? Math.min(count / limit, 1) : 0;
  const whose = clientBinds ? `${route.client}’s own limit` : `${route.target}’s cap`;
  return (
    <div>
      <div className="row small">
        <span data-testid="cap-count" title={shown !== null ? `Counted against ${whose}` : undefined}>
          {shown !== null ? (
            <>
              <strong>{formatNumber(count)}</strong>
              {deferred > 0 ? ' loaded' : ''} / {countOf(shown, 'tool')}
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
            over the cap by {formatNumber(count - (cap ?? 0))}
          </Badge>
        ) : leftOutByClient > 0 ? (
          <Badge tone="warn" data-testid="client-left-out">
            {route.client ?? 'the client'} left out {formatNumber(leftOutByClient)}
          </Badge>
        ) : shown !== null ? (
          <Badge>within the cap</Badge>
        ) : warn ? (
          <Badge tone="warn">above {warnAbove}: expect worse tool choice</Badge>
        ) : (
          <Badge>no hard cap</Badge>
        )}
      </div>
      <div
        className={cx(styles.bar, over && styles.over, (warn || (!over && leftOutByClient > 0)) && styles.warn)}
        role="meter"
        aria-label={shown !== null ? `Tools against ${whose}` : 'Tools in the list'}
        aria-valuemin={0}
        aria-valuemax={limit ?? count}
        aria-valuenow={count}
      >
        <div className={styles.fill} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="small muted" data-testid="cap-which">
        {capSentence({ clientBinds, clientCap, cap, route })}
      </p>
    </div>
  );
}

/** Which cap the bar counts against and why the other does not come into play, in one line. */
function capSentence({
  clientBinds,
  clientCap,
  cap,
  route,
}: {
  clientBinds: boolean;
  clientCap: number | null;
  cap: number | null;
  route: NonNullable<Props['route']>;
}): string {
  if (clientBinds && clientCap !== null) {
    const other = cap === null ? `${route.target} has no hard cap of its own` : `${route.target}’s cap of ${formatNumber(cap)} never comes into play`;
    return `Counted against ${route.client}’s own limit: it sends at most ${countOf(clientCap, 'tool')}, so ${other}.`;
  }
  if (cap === null) return `${route.target} sets no hard cap on the number of tools in a request.`;
  return `The cap is the most tools ${route.target} takes in one request.`;
}
