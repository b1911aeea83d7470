'use client';

import { useState } from 'react';
import styles from './command-block.module.css';

/** A shell command to copy: shown whole (it wraps, it never widens the page), with a Copy button. */
export function CommandBlock({ command, label, testId }: { command: string; label: string; testId?: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className={styles.block}>
      <pre className={styles.command} data-testid={testId}>
        {command}
      </pre>
      <div className={styles.actions}>
        <button
          type="button"
          data-copy
          onClick={() =>
            navigator.clipboard?.writeText(command).then(
              () => setCopied('yes'),
              () => setCopied('no'),
            ) ?? setCopied('no')
          }
        >
          Copy<span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
        <span role="status" className="small muted">
          {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'The browser would not copy: select the text instead.' : ''}
        </span>
      </div>
    </div>
  );
}
