'use client';

import { usePathname } from 'next/navigation';
import { usePreviewQuery } from '@/components/api/use-preview-query';
import { RefusalNotice } from '@/components/preview/refusal-notice';
import { useClientChoice } from '@/components/preview/use-client-choice';
import type { ProjectView } from '@/lib/contracts/projects';
import { CLIENTS } from '@/lib/surface/clients';

/**
 * Whether the project's own mode, naming and client would fail for its target: the client is the
 * one last picked on the preview (raw, the names as presented, until one is).
 */
export function ProjectWarning({ project }: { project: ProjectView }) {
  const { client } = useClientChoice(project.id);
  // The preview says the same at its top, for the client and target it shows.
  const onPreview = usePathname().endsWith('/preview');
  const preview = usePreviewQuery(project.id, { mode: project.surface.mode, client, detail: 'names' }, { enabled: !onPreview });
  const mode = preview.data?.modes[0];
  if (onPreview || !mode || preview.isPlaceholderData) return null;
  const route = client === 'raw' ? `At ${preview.data!.target.label}` : `Through ${CLIENTS[client].label}, at ${preview.data!.target.label}`;
  return <RefusalNotice project={project} preview={mode} route={route} testId="project-warning" />;
}
