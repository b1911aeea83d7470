import type { ReactNode } from 'react';
import styles from './columns.module.css';

/** Cards side by side while each gets 420px, stacked below that. */
export function Columns({ children }: { children: ReactNode }) {
  return <div className={styles.columns}>{children}</div>;
}
