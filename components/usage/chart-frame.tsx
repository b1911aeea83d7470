import type { ReactNode } from 'react';
import styles from './chart-frame.module.css';

/** The box a chart's ResponsiveContainer measures; it keeps its height while the chart draws. */
export function ChartFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className={styles.chart} data-testid={testId}>
      {children}
    </div>
  );
}
