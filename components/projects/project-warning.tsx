'use client';

import { usePathname } from 'next/navigation';
import { usePreviewQuery } from '@/components/api/use-preview-query';
import { ProjectVerdict } from '@/components/preview/project-verdict';
import { SurfaceChangeOutcomeMessage } from '@/components/settings/surface-change-outcome';
import { useClientChoice } from '@/components/preview/use-client-choice';
import type { ProjectView } from '@/lib/contracts/projects';
import { targetForClient } from '@/lib/surface/client-targets';

/**
 * The verdict on the project's own mode, naming and client for its target: the client is the one
 * last picked on the preview (raw, the names as presented, until one is).
 */
export function ProjectWarning({ project }: { project: ProjectView }) {
  // The message after a change stays on every tab until dismissed, whatever the verdict says now.
  return (
    <>
      <SurfaceChangeOutcomeMessage projectId={project.id} />
      <ProjectVerdictNotice project={project} />
    </>
  );
}

function ProjectVerdictNotice({ project }: { project: ProjectView }) {
  const { client } = useClientChoice(project.id);
  const pathname = usePathname();
  // The preview says the same at its top, for the client and target it shows.
  const onPreview = pathname.endsWith('/preview');
  // Every mode: where another mode passes, the verdict offers it.
  // At a target the client reaches, as the preview shows it: never Claude Code at OpenAI.
  const { target } = targetForClient(client, project.surface.target);
  const preview = usePreviewQuery(project.id, { mode: 'all', client, target, detail: 'names' }, { enabled: !onPreview });
  if (onPreview || !preview.data || preview.isPlaceholderData) return null;
  // On the home tab of a project without a catalog, the first-run steps ask for one already.
  if (preview.data.catalog.tools === 0 && pathname === `/projects/${encodeURIComponent(project.id)}`) return null;
  return <ProjectVerdict project={project} response={preview.data} testId="project-warning" />;
}
