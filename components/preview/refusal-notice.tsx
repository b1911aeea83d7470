'use client';

import { useUpdateProjectMutation } from '@/components/api/use-update-project-mutation';
import { Alert } from '@/components/ui/alert';
import { ErrorNotice } from '@/components/ui/error-notice';
import type { ProjectView } from '@/lib/contracts/projects';
import type { ModePreview } from '@/lib/surface/preview';
import styles from './refusal-notice.module.css';

interface Props {
  project: ProjectView;
  preview: ModePreview;
  /** How the list reached the model: "Through Claude Code, to OpenAI". */
  route: string;
  testId: string;
}

/**
 * The project's own mode would fail for its client and target: say so in plain words, and offer
 * the one change that fixes it when a change of naming does.
 */
export function RefusalNotice({ project, preview, route, testId }: Props) {
  const update = useUpdateProjectMutation(project.id);
  const refused = preview.refused.client + preview.refused.provider;
  if (!preview.requestRefused && refused === 0) return null;
  const { fix } = preview;
  return (
    <Alert tone="error" data-testid={testId} className={styles.notice}>
      <div>
        <strong>
          {route}, the project’s <span className="mono">{preview.mode}</span> list would{' '}
          {preview.requestRefused ? 'be refused as a whole' : `lose ${refused} tool${refused === 1 ? '' : 's'}`}.
        </strong>
      </div>
      {preview.requestRefused ? <div className="small">{preview.requestRefused.message}</div> : null}
      {fix ? (
        <div className={`row ${styles.fix}`}>
          <span className="small">{fix.message}</span>
          <button
            type="button"
            className="primary"
            disabled={update.isPending}
            onClick={() => update.mutate({ surface: { ...project.surface, naming: fix.naming } })}
          >
            {update.isPending ? 'Switching…' : fix.naming === 'safe' ? 'Switch to safe names' : `Switch to ${fix.naming} names`}
          </button>
        </div>
      ) : (
        <div className="small">No change of naming fixes it: open the preview for what each tool meets.</div>
      )}
      {update.isError ? <ErrorNotice error={update.error} /> : null}
    </Alert>
  );
}
