import { Card } from '@/components/ui/card';
import { countOf, formatNumber, formatPercent } from '@/lib/format';
import type { UsageReport } from '@/lib/usage/report';
import styles from './usage-stats.module.css';

/** The window at a glance: calls by kind, tools used, and what the favourites catch. */
export function UsageStats({ report }: { report: UsageReport }) {
  const { totals, coverage, favourites } = report;
  const stats = [
    { label: 'Calls', value: formatNumber(totals.calls), testId: 'stat-calls', help: 'Tool calls in the window, of every kind.' },
    { label: 'Attributed', value: formatNumber(totals.attributed), testId: 'stat-attributed', help: 'Calls traced to one catalog tool.' },
    { label: 'Unresolved', value: formatNumber(totals.unresolved), testId: 'stat-unresolved', help: 'Calls to a name no catalog or favourite knows.' },
    { label: 'Meta', value: formatNumber(totals.meta), testId: 'stat-meta', help: 'Calls to meta tools: looking for a tool, not using one.' },
    { label: 'Tools used', value: formatNumber(totals.tools), testId: 'stat-tools', help: 'Distinct catalog tools called at least once.' },
    {
      label: 'Calls to favourites',
      value: formatPercent(coverage.share),
      testId: 'stat-coverage',
      help: `Share of attributed calls that went to one of your ${countOf(favourites.tools.length, 'favourite')} (the list holds up to ${favourites.maxFavourites}).`,
    },
  ];
  return (
    <div className={styles.stats} role="group" aria-label="Totals for the window">
      {stats.map((s) => (
        <Card as="div" key={s.label} className={styles.stat}>
          <div className={styles.label} title={s.help}>
            {s.label}
          </div>
          <div className={styles.value} data-testid={s.testId}>
            {s.value}
          </div>
          <div className={`small muted ${styles.help}`} data-testid="kpi-help">
            {s.help}
          </div>
        </Card>
      ))}
    </div>
  );
}
