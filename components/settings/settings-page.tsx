'use client';

import { useProjectQuery } from '@/components/api/use-project-query';
import { whenLoaded } from '@/components/ui/when-loaded';
import type { ProjectView } from '@/lib/contracts/projects';
import { SettingsForm } from './settings-form';

/** The Settings tab: the project's surface config as a form, each change planned before it is saved. */
export const SettingsPage = whenLoaded(useProjectQuery, { label: 'Loading the project', rows: 6 }, ProjectSettings);

function ProjectSettings({ id, data: project }: { id: string; data: ProjectView }) {
  return <SettingsForm projectId={id} surface={project.surface} />;
}
