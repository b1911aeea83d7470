import { formatNumber } from '@/lib/format';

/** Count against the target's cap: over the cap the bar is red and says by how much. */
export function CapBar({ count, cap, warnAbove }: { count: number; cap: number | null; warnAbove: number | null }) {
  const limit = cap ?? warnAbove;
  const over = cap !== null && count > cap;
  const warn = cap === null && warnAbove !== null && count > warnAbove;
  const share = limit ? Math.min(count / limit, 1) : 0;
  return (
    <div>
      <div className="row small">
        <span className="cap-count" data-testid="cap-count">
          <strong>{formatNumber(count)}</strong> {cap !== null ? `/ ${formatNumber(cap)}` : ''} tools
        </span>
        <span className="spacer" />
        {over ? (
          <span className="badge danger" data-testid="over-cap">
            over the cap by {formatNumber(count - cap)}
          </span>
        ) : cap !== null ? (
          <span className="badge ok">fits</span>
        ) : warn ? (
          <span className="badge warn">above {warnAbove}: expect worse tool choice</span>
        ) : (
          <span className="badge">no hard cap</span>
        )}
      </div>
      <div
        className={`cap-bar${over ? ' over' : warn ? ' warn' : ''}`}
        role="meter"
        aria-label="Tools against the cap"
        aria-valuemin={0}
        aria-valuemax={limit ?? count}
        aria-valuenow={count}
      >
        <div className="fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
