'use client';

import { ErrorNotice } from './error-notice';
import { useConfirmStep } from './use-confirm-step';

/** The part of a mutation (TanStack Query's useMutation) the button runs and reports. */
interface Action<V> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutate: (variables: V) => void;
}

/**
 * A destructive action that asks once more in place: "Delete this run…", then "Delete <name>" or
 * Cancel; confirmed, it runs `action` on `variables`, and shows its error if it fails.
 */
export function AskAgainButton<V>({ label, confirmLabel, action, variables }: { label: string; confirmLabel: string; action: Action<V>; variables: V }) {
  const { confirming, toggle, opener, confirm } = useConfirmStep();
  const pending = action.isPending;
  const error = action.isError ? action.error : null;
  const onConfirm = () => action.mutate(variables);
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
