import type { ReactNode } from 'react';
import { cx } from './class-names';
import styles from './empty-state.module.css';

interface Props {
  /** What is missing, and usually how to get some. */
  children: ReactNode;
  /** A next step to offer, e.g. a button or a link. */
  action?: ReactNode;
  className?: string;
  testId?: string;
}

/** Said where data would be when there is none yet. Not a live region: it is the page's content, not news. */
export function EmptyState({ children, action, className, testId }: Props) {
  return (
    <div className={cx(styles.empty, className)} data-testid={testId}>
      {children}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
