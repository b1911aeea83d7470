'use client';

import { Alert } from '@/components/ui/alert';
import type { PreviewResponse } from '@/lib/contracts/preview';
import type { ProjectView } from '@/lib/contracts/projects';
import type { TargetId } from '@/lib/schemas/surface-config';
import { modeName } from '@/lib/surface/mode-traits';
import { modeVerdict, verdictContext } from '@/lib/surface/verdict';
import styles from './project-verdict.module.css';
import { UploadedOnlyNote } from './uploaded-only-note';
import { FixAction, VerdictLine } from './verdict-view';

interface Props {
  project: ProjectView;
  /** A preview of every mode, so a mode that passes can be offered instead. */
  response: PreviewResponse;
  testId: string;
  /** Where the preview is on screen, a better target is chosen in place. */
  onTarget?: (target: TargetId) => void;
  /** On the preview the cards already say OK; the top speaks only of trouble. */
  quietWhenOk?: boolean;
}

/** The verdict on the project's own mode, for its client and target: the header's, and the top of the preview. */
export function ProjectVerdict({ project, response, testId, onTarget, quietWhenOk = false }: Props) {
  const mode = response.modes.find((m) => m.mode === project.surface.mode);
  if (!mode) return null;
  const verdict = modeVerdict(mode, verdictContext(response, project.surface.mode, mode.mode));
  if (verdict.level === 'ok' && quietWhenOk) return null;
  const route = response.client.id === 'raw' ? `At ${response.target.label}` : `Through ${response.client.label}, at ${response.target.label}`;
  const action = verdict.fix ? <FixAction fix={verdict.fix} project={project} onTarget={onTarget} /> : null;
  const body = (
    <>
      <div className="small">
        {route}, the project’s {modeName(mode.mode)} list:
      </div>
      <VerdictLine verdict={verdict} testId={`${testId}-verdict`}>
        {action}
      </VerdictLine>
      {quietWhenOk ? null : <UploadedOnlyNote projectId={project.id} proxies={response.proxies} />}
    </>
  );
  if (verdict.level === 'ok')
    return (
      <div className={styles.notice} data-testid={testId} data-level="ok">
        {body}
      </div>
    );
  return (
    <Alert tone={verdict.level === 'broken' ? 'error' : 'warn'} data-testid={testId} data-level={verdict.level} className={styles.notice}>
      {body}
    </Alert>
  );
}
