'use client';

import { useProjectQuery } from '@/components/api/use-project-query';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProjectTabs } from './project-tabs';

export function ProjectHeader({ id }: { id: string }) {
  const project = useProjectQuery(id);
  return (
    <>
      <div className="row">
        <h1>{id}</h1>
        {project.data ? <span className="badge accent">{project.data.surface.mode}</span> : null}
        {project.data ? <span className="badge">{project.data.surface.target}</span> : null}
      </div>
      {project.data?.description ? <p className="subtitle">{project.data.description}</p> : null}
      {project.isError ? <ErrorNotice error={project.error} /> : null}
      <ProjectTabs id={id} />
    </>
  );
}
