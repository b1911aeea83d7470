'use client';

import { Suspense } from 'react';
import { useProjectQuery } from '@/components/api/use-project-query';
import { Badge } from '@/components/ui/badge';
import { ErrorNotice } from '@/components/ui/error-notice';
import type { ProjectView } from '@/lib/contracts/projects';
import { modePlain } from '@/lib/surface/mode-traits';
import { modePill, NAMING_PLAIN, namingPill, targetPill, targetPlain } from '@/lib/surface/plain-words';
import styles from './project-header.module.css';
import { ProjectTabs } from './project-tabs';
import { ProjectWarning } from './project-warning';

/**
 * The project's mode, target and naming, each labelled with what it is. A pill is described by
 * its sentence (a tooltip, and what a screen reader says); on a phone, where nothing hovers, the
 * same sentences open under "What these mean".
 */
function SettingPills({ surface }: { surface: ProjectView['surface'] }) {
  const terms = [
    { key: 'mode', pill: modePill(surface.mode), plain: modePlain(surface.mode), tone: 'accent' as const },
    { key: 'target', pill: targetPill(surface.target), plain: targetPlain(surface.target, surface.customCap ?? null), tone: 'neutral' as const },
    { key: 'naming', pill: namingPill(surface.naming), plain: NAMING_PLAIN[surface.naming], tone: 'neutral' as const },
  ];
  return (
    <>
      {terms.map((t) => (
        <Badge key={t.key} tone={t.tone} title={t.plain} aria-describedby={`setting-${t.key}`} data-testid={`pill-${t.key}`}>
          {t.pill}
        </Badge>
      ))}
      <details className={`small muted ${styles.terms}`} data-testid="setting-terms">
        <summary>What these mean</summary>
        <ul>
          {terms.map((t) => (
            <li key={t.key} id={`setting-${t.key}`}>
              {t.plain}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

export function ProjectHeader({ id }: { id: string }) {
  const project = useProjectQuery(id);
  return (
    <>
      <div className="row">
        <h1>{id}</h1>
        {project.data ? <SettingPills surface={project.data.surface} /> : null}
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
