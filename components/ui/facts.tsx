import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './class-names';
import styles from './facts.module.css';

/** A few labelled facts, each term beside its value (`<dt>`, `<dd>`); the caller's class sets the spacing. */
export function Facts({ className, ...rest }: ComponentPropsWithoutRef<'dl'>) {
  return <dl className={cx(styles.facts, className)} {...rest} />;
}
