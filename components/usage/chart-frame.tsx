'use client';

import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import styles from './chart-frame.module.css';

/** A chart at the width of its card: the box keeps its height while the chart draws. */
export function ChartFrame({ testId, height, children }: { testId: string; height: number; children: ReactElement }) {
  return (
    <div className={styles.chart} data-testid={testId}>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}
