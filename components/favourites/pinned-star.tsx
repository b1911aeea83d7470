import styles from './pinned-star.module.css';

/**
 * ★ for a pinned tool. With a label it is an image a screen reader names; without one it only
 * decorates text that says "pinned" already.
 */
export function PinnedStar({ label, title }: { label?: string; title?: string }) {
  if (!label) {
    return (
      <span className={styles.star} aria-hidden="true">
        ★
      </span>
    );
  }
  return (
    <span className={styles.star} role="img" aria-label={label} title={title}>
      ★
    </span>
  );
}
