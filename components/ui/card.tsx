import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styles from './card.module.css';
import { cx } from './class-names';

/** A panel of the dashboard; a section unless it groups something else, e.g. the header's totals. */
export function Card({ as: Tag = 'section', className, ...rest }: ComponentPropsWithoutRef<'section'> & { as?: 'section' | 'div' }) {
  return <Tag className={cx(styles.card, className)} {...rest} />;
}

/** A form that is a panel of its own (create a project, a token, a sync). */
export function CardForm({ className, ...rest }: ComponentPropsWithoutRef<'form'>) {
  return <form className={cx(styles.card, className)} {...rest} />;
}

/**
 * The card's title, with what belongs beside it (a note, a filter, buttons). The heading id is
 * what the card's `aria-labelledby` points at.
 */
export function CardHeader({
  id,
  title,
  titleClassName,
  focusable,
  note,
  children,
}: {
  id: string;
  title: ReactNode;
  /** A short remark beside the title, in small muted text: a count, the window, a caveat. */
  note?: ReactNode;
  titleClassName?: string;
  /** The heading can take the focus from a script, where an action removed the control that had it. */
  focusable?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <h2 id={id} className={titleClassName} tabIndex={focusable ? -1 : undefined}>
        {title}
      </h2>
      {note != null ? <span className="muted small">{note}</span> : null}
      {children}
    </div>
  );
}
