import type { ReactNode } from 'react';
import styles from './stack.module.css';

/** Cards one under another, 16px apart. */
export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}
