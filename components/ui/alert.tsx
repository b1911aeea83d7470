import type { ComponentPropsWithRef } from 'react';
import styles from './alert.module.css';
import { cx } from './class-names';

export type AlertTone = 'info' | 'ok' | 'warn' | 'error' | 'accent';

/**
 * A boxed message. The role is the caller's: `alert` for what went wrong, `status` for what just
 * happened, none for standing notes, so screen readers announce only what is news.
 */
export function Alert({ tone = 'info', className, ...rest }: ComponentPropsWithRef<'div'> & { tone?: AlertTone }) {
  return <div className={cx(styles.alert, tone !== 'info' && styles[tone], className)} {...rest} />;
}
