'use client';

import { useUpdateProjectMutation } from '@/components/api/use-update-project-mutation';
import { Alert } from '@/components/ui/alert';
import { ErrorNotice } from '@/components/ui/error-notice';
import { setSurfaceChangeOutcome, useSurfaceChangeOutcome } from './outcome-store';
import styles from './surface-change.module.css';

/**
 * The message after a change of what clients receive: it says what was saved and stays until
 * dismissed, with an Undo that puts the previous config back, itself only over the config it
 * saved (someone's later change is not undone with it).
 */
export function SurfaceChangeOutcomeMessage({ projectId }: { projectId: string }) {
  const outcome = useSurfaceChangeOutcome(projectId);
  const update = useUpdateProjectMutation(projectId);
  if (!outcome) return null;
  const undo = () => {
    if (update.isPending) return;
    update.mutate(
      { surface: outcome.before, expectedSurface: outcome.after },
      {
        onSuccess: () =>
          setSurfaceChangeOutcome(projectId, {
            ...outcome,
            summary: 'Undone: the project’s settings are back as they were before, and so is what clients receive.',
            undone: true,
          }),
      },
    );
  };
  return (
    <Alert tone={outcome.undone ? 'info' : 'ok'} role="status" className={styles.outcome} data-testid="surface-change-outcome">
      <div className="small" data-testid="surface-change-summary">
        {outcome.summary}
      </div>
      {update.isError ? (
        <>
          <p className="small">Nothing was undone: the settings changed again after this change. Look at them in the Settings tab.</p>
          <ErrorNotice error={update.error} />
        </>
      ) : null}
      <div className="row">
        {outcome.undone ? null : (
          <button type="button" onClick={undo} aria-disabled={update.isPending || undefined} data-testid="surface-change-undo">
            {update.isPending ? 'Undoing…' : 'Undo'}
          </button>
        )}
        <button type="button" onClick={() => setSurfaceChangeOutcome(projectId, null)} data-testid="surface-change-dismiss">
          Dismiss
        </button>
      </div>
    </Alert>
  );
}
