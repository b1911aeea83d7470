'use client';

import { ApiClientError } from '@/lib/api-client';

/** Say what went wrong and what to do about it, from the API's error envelope. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const envelope = error instanceof ApiClientError ? error.envelope : null;
  return (
    <div className="alert error" role="alert">
      <strong>{envelope ? envelope.message : 'Could not reach the favindex API.'}</strong>
      {envelope?.suggested_action ? <div className="small">{envelope.suggested_action}</div> : null}
      {onRetry ? (
        <div style={{ marginTop: 6 }}>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function SkeletonRows({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity of their own
        <div key={i} className="skeleton" style={{ margin: '8px 0', height: 18 }} />
      ))}
    </div>
  );
}
