import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatPercent } from '@/lib/format';
import type { UsageReport } from '@/lib/usage/report';
import { suggestFavourites } from '@/lib/usage/suggest';
import styles from './pin-next.module.css';

/** What to pin next, from the same ranking: the top maxFavourites tools against the current favourites. */
export function PinNext({ report }: { report: UsageReport }) {
  const { favourites, coverage } = report;
  const suggestion = suggestFavourites(report.rows, favourites, favourites.maxFavourites);
  const unused = coverage.pinned.filter((p) => p.calls === 0).map((p) => p.tool);
  if (suggestion.add.length === 0 && suggestion.remove.length === 0) {
    return (
      <Card aria-labelledby="pin-heading">
        <h2 id="pin-heading">Pin next</h2>
        <p className="small muted">
          {report.rows.length === 0
            ? 'Nothing to suggest without calls in this window.'
            : `The favourites already are the top ${favourites.tools.length} tools of this window.`}
        </p>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="pin-heading" data-testid="pin-next">
      <h2 id="pin-heading">Pin next</h2>
      <p className="small">
        Pinning the top {favourites.maxFavourites} would lift coverage from {formatPercent(coverage.share)} to{' '}
        <strong>{formatPercent(coverage.atMaxFavourites)}</strong>.
      </p>
      {suggestion.add.length > 0 ? (
        <div className="small">
          <strong>Add</strong>
          <ul className={styles.tools}>
            {suggestion.add.map((t) => (
              <li key={t} className="mono">
                {t}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {suggestion.remove.length > 0 ? (
        <div className="small">
          <strong>Unpin</strong>
          <ul className={styles.tools}>
            {suggestion.remove.map((t) => (
              <li key={t} className="mono">
                {t} {unused.includes(t) ? <Badge tone="warn">no calls</Badge> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
