import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { LiveUpdates } from '@/components/projects/live-updates';
import { ProjectHeader } from '@/components/projects/project-header';
import { ProjectStart } from '@/components/onboarding/project-start';
import { appContext } from '@/server/context';
import { proxyInstall } from '@/server/onboarding/install';
import { projectExists } from '@/server/projects/projects';

export default async function ProjectLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  // An unknown project is a 404 page (said once), not every tab failing on its own.
  if (!(await projectExists((await appContext()).db, id))) notFound();
  return (
    <>
      <LiveUpdates id={id} />
      <ProjectHeader id={id} />
      <ProjectStart id={id} install={proxyInstall()}>
        {children}
      </ProjectStart>
    </>
  );
}
