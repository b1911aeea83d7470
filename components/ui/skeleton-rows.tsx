import styles from './skeleton-rows.module.css';

/** Grey bars where the rows will be; the label is what a screen reader hears while it waits. */
export function SkeletonRows({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity of their own
        <div key={i} className={styles.bar} />
      ))}
    </div>
  );
}
