'use client';

import { ErrorNotice } from './error-notice';
import { useConfirmStep } from './use-confirm-step';

/** A destructive action that asks once more in place: "Delete this run…", then "Delete <name>" or Cancel. */
export function AskAgainButton({
  label,
  confirmLabel,
  pending,
  error,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
}) {
  const { confirming, toggle, opener, confirm } = useConfirmStep();
  return (
    <div className="row">
      {confirming ? (
        <>
          <button ref={confirm} type="button" className="danger" aria-disabled={pending || undefined} onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button type="button" onClick={() => toggle(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button ref={opener} type="button" onClick={() => toggle(true)}>
          {label}
        </button>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
