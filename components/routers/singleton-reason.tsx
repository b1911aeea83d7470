'use client';

import { useState } from 'react';
import styles from './routers.module.css';

/** The reason a tool is kept on its own, asked before it becomes a singleton: a singleton always carries one (§routers). */
export function SingletonReason({
  tool,
  initial,
  onDone,
  onCancel,
}: {
  tool: string;
  initial: string;
  onDone: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState(initial);
  const written = reason.trim();
  return (
    <div className={styles.panel} role="group" aria-label={`Make ${tool} a singleton`}>
      <label className="field">
        Why it has no sibling
        <input
          className={styles.wide}
          aria-label={`Reason ${tool} is a singleton`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. The only search over code."
        />
      </label>
      <div className={styles.controls}>
        <button type="button" className="small" aria-disabled={written === '' || undefined} onClick={() => written !== '' && onDone(written)}>
          Make singleton
        </button>
        <button type="button" className="small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
