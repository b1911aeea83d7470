'use client';

import { PageLink } from '@/components/ui/page-link';
import { usePathname } from 'next/navigation';
import { Card } from './card';

/** The 404 page: names the project when the address is one, and leads back to the list. */
export function NotFoundMessage() {
  const pathname = usePathname();
  const project = /^\/projects\/([^/]+)/.exec(pathname ?? '')?.[1];
  return (
    <Card>
      <h1>{project ? 'No such project' : 'Page not found'}</h1>
      <p className="subtitle">
        {project ? (
          <>
            There is no project <code>{decodeURIComponent(project)}</code>. Check the id, or create it from the projects list.
          </>
        ) : (
          'Nothing is at this address.'
        )}
      </p>
      <PageLink href="/">Open the projects</PageLink>
    </Card>
  );
}
