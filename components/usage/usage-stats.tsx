import { Card } from '@/components/ui/card';
import { formatNumber, formatPercent } from '@/lib/format';
import type { UsageReport } from '@/lib/usage/report';
import styles from './usage-stats.module.css';

/** The window at a glance: calls by kind, tools used, and what the favourites catch. */
export function UsageStats({ report }: { report: UsageReport }) {
  const { totals, coverage, favourites } = report;
  const stats = [
    { label: 'Calls', value: formatNumber(totals.calls), testId: 'stat-calls' },
    { label: 'Attributed', value: formatNumber(totals.attributed), testId: 'stat-attributed' },
    { label: 'Unresolved', value: formatNumber(totals.unresolved), testId: 'stat-unresolved' },
    { label: 'Meta', value: formatNumber(totals.meta), testId: 'stat-meta' },
    { label: 'Tools used', value: formatNumber(totals.tools), testId: 'stat-tools' },
    {
      label: `Favourites catch (${favourites.tools.length}/${favourites.maxFavourites} pinned)`,
      value: formatPercent(coverage.share),
      testId: 'stat-coverage',
    },
  ];
  return (
    <div className={styles.stats} role="group" aria-label="Totals for the window">
      {stats.map((s) => (
        <Card as="div" key={s.label} className={styles.stat}>
          <div className={styles.label}>{s.label}</div>
          <div className={styles.value} data-testid={s.testId}>
            {s.value}
          </div>
        </Card>
      ))}
    </div>
  );
}
