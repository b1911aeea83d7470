import type { ReactNode } from 'react';
import styles from './confirm-box.module.css';

/** A change spelled out before it is made, with its confirm and cancel buttons; the label names the group. */
export function ConfirmBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.box} role="group" aria-label={label}>
      {children}
    </div>
  );
}
