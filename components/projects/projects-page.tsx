'use client';

import { PageLink } from '@/components/ui/page-link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useCreateProjectMutation } from '@/components/api/use-create-project-mutation';
import { useProjectsQuery } from '@/components/api/use-projects-query';
import { useUsageOverviewQuery } from '@/components/api/use-usage-overview-query';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardForm, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SubmitError } from '@/components/ui/error-notice';
import { QueryView } from '@/components/ui/query-view';
import { ProjectUsageCell } from '@/components/usage/project-usage-cell';
import { DEFAULT_WINDOW } from '@/components/usage/window-choice';
import { PROJECT_ID_RE } from '@/lib/schemas/projects';
import { modePill, targetPill } from '@/lib/surface/plain-words';
import styles from './projects-page.module.css';

/** The list shows the same window the Usage tab opens on, so the two numbers agree. */
const WINDOW_DAYS = Number(DEFAULT_WINDOW.slice(0, -1));

export function ProjectsPage() {
  const projects = useProjectsQuery();
  const usage = useUsageOverviewQuery(DEFAULT_WINDOW);
  const usageById = new Map(usage.data?.projects.map((u) => [u.id, u]));
  return (
    <>
      <h1>Projects</h1>
      <p className="subtitle">Each project is one agent setup: its MCP catalog, its traces and its favourites.</p>
      <CreateProjectForm />
      <Card aria-labelledby="projects-heading">
        <CardHeader id="projects-heading" title="All projects" />
        <QueryView
          query={projects}
          loadingLabel="Loading projects"
          loadingRows={3}
          isEmpty={(data) => data.projects.length === 0}
          empty={<EmptyState>No projects yet. Create one above: it opens with the steps to its first event.</EmptyState>}
        >
          {(data) => (
            <ul className={styles.list}>
              {data.projects.map((p) => (
                <li key={p.id}>
                  <div className={styles.about}>
                    <PageLink className={styles.name} href={`/projects/${p.id}`}>
                      {p.id}
                    </PageLink>
                    <div className="muted small">{p.description || 'No description'}</div>
                  </div>
                  <Badge>{modePill(p.surface.mode)}</Badge>
                  <Badge>{targetPill(p.surface.target)}</Badge>
                  <ProjectUsageCell usage={usageById.get(p.id)} days={WINDOW_DAYS} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </>
  );
}

/** Create a project and open it: a new project's page starts with what to do first. */
function CreateProjectForm() {
  const router = useRouter();
  const create = useCreateProjectMutation();
  const [id, setId] = useState('');
  const [description, setDescription] = useState('');
  const [opening, setOpening] = useState<string | null>(null);
  const idValid = PROJECT_ID_RE.test(id);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!idValid || create.isPending) return;
    const project = await create.mutateAsync({ id, description }).catch(() => null);
    if (project) {
      setOpening(project.id);
      router.push(`/projects/${encodeURIComponent(project.id)}`);
    }
  }

  return (
    <CardForm onSubmit={onSubmit} aria-labelledby="create-heading">
      <h2 id="create-heading">New project</h2>
      <div className={`row ${styles.fields}`}>
        <label className="field">
          Project id
          <input
            name="id"
            value={id}
            onChange={(e) => setId(e.target.value.toLowerCase())}
            placeholder="my-agent"
            aria-invalid={id !== '' && !idValid}
            aria-describedby="id-help"
            required
          />
        </label>
        <label className="field">
          Description
          <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="What runs here" />
        </label>
        <button type="submit" className="primary" disabled={!idValid || create.isPending || opening !== null}>
          {create.isPending || opening ? 'Creating…' : 'Create project'}
        </button>
      </div>
      <div id="id-help" className="small muted" style={{ marginTop: 6 }}>
        {id !== '' && !idValid ? 'Use lower-case letters, digits and dashes (e.g. team-agent).' : 'A slug: lower-case letters, digits and dashes.'}
      </div>
      <SubmitError write={create} />
      {opening ? (
        <Alert role="status" style={{ marginTop: 10 }}>
          Created {opening}; opening it…
        </Alert>
      ) : null}
    </CardForm>
  );
}
