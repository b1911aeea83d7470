'use client';

import { Suspense } from 'react';
import { useProjectQuery } from '@/components/api/use-project-query';
import { Badge } from '@/components/ui/badge';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProjectTabs } from './project-tabs';
import { ProjectWarning } from './project-warning';

export function ProjectHeader({ id }: { id: string }) {
  const project = useProjectQuery(id);
  return (
    <>
      <div className="row">
        <h1>{id}</h1>
        {project.data ? <Badge tone="accent">{project.data.surface.mode}</Badge> : null}
        {project.data ? <Badge>{project.data.surface.target}</Badge> : null}
        {project.data ? <Badge title="How favindex mode names its tools">{project.data.surface.naming} names</Badge> : null}
      </div>
      {project.data?.description ? <p className="subtitle">{project.data.description}</p> : null}
      {/* The page answers 404 for an unknown project; an error here is the API failing later. */}
      {project.isError ? <ErrorNotice error={project.error} /> : null}
      {/* The client to warn for may come from the query string, which the client reads. */}
      {project.data ? (
        <Suspense fallback={null}>
          <ProjectWarning project={project.data} />
        </Suspense>
      ) : null}
      <ProjectTabs id={id} />
    </>
  );
}
