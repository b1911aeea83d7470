import type { ComponentPropsWithoutRef } from 'react';
import styles from './badge.module.css';
import { cx } from './class-names';

export type BadgeTone = 'neutral' | 'ok' | 'warn' | 'danger' | 'accent';

const TONE_CLASS: Record<BadgeTone, string | undefined> = {
  neutral: styles.neutral,
  ok: 'tone-ok',
  warn: 'tone-warn',
  danger: cx('tone-danger', styles.danger),
  accent: styles.accent,
};

/** A short label: a mode, a status, a count. The tone says whether it is good news. */
export function Badge({ tone = 'neutral', className, ...rest }: ComponentPropsWithoutRef<'span'> & { tone?: BadgeTone }) {
  return <span className={cx(styles.badge, TONE_CLASS[tone], className)} {...rest} />;
}
