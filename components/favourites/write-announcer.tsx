import styles from './write-announcer.module.css';
import type { WriteNotice } from './use-favourite-writes';

/**
 * What the last favourites write did, in a polite live region a screen reader reads out
 * ("Pinned github/create_issue (3 of 15)."), what its answer warns of (a pin past the attention
 * budget), with Undo after a pin or an unpin. The region is
 * always in the page, so the first message is heard too; a message stays until the next write.
 */
export function WriteAnnouncer({ notice, busy, onUndo }: { notice: WriteNotice | null; busy: boolean; onUndo: () => void }) {
  return (
    <div role="status" aria-live="polite" className={notice ? styles.notice : undefined} data-testid="favourites-announcer">
      {notice ? (
        <>
          <span className={styles.text}>{notice.text}</span>
          {notice.warning ? (
            <span className={`tone-warn ${styles.warning}`} data-testid="favourites-write-warning">
              {notice.warning}
            </span>
          ) : null}
          {notice.undo ? (
            <button type="button" aria-disabled={busy || undefined} onClick={() => !busy && onUndo()}>
              Undo
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
