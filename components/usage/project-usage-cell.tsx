'use client';

import { formatNumber } from '@/lib/format';
import styles from './project-usage-cell.module.css';
import type { ProjectUsageOverview } from '@/lib/usage/overview';
import { Sparkline } from './sparkline';

/** "1,234 calls · 7d" with the daily sparkline, for one row of the projects list. */
export function ProjectUsageCell({ usage, days }: { usage: ProjectUsageOverview | undefined; days: number }) {
  if (!usage) return <div className={`muted small ${styles.usage}`}>—</div>;
  return (
    <div className={styles.usage} data-testid={`project-usage-${usage.id}`}>
      <Sparkline daily={usage.daily} label={`${usage.id}: calls per day, last ${days} days`} />
      <div className={`small ${styles.calls}`}>
        <strong>{formatNumber(usage.calls)}</strong>
        <div className="muted">calls · {days}d</div>
      </div>
    </div>
  );
}
