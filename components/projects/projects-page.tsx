'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useCreateProjectMutation } from '@/components/api/use-create-project-mutation';
import { useProjectsQuery } from '@/components/api/use-projects-query';
import { useUsageOverviewQuery } from '@/components/api/use-usage-overview-query';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardForm, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { QueryView } from '@/components/ui/query-view';
import { ProjectUsageCell } from '@/components/usage/project-usage-cell';
import { PROJECT_ID_RE } from '@/lib/schemas/projects';
import styles from './projects-page.module.css';

export function ProjectsPage() {
  const projects = useProjectsQuery();
  const usage = useUsageOverviewQuery('7d');
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
          empty={<EmptyState>No projects yet. Create one above, then point a proxy at its events endpoint.</EmptyState>}
        >
          {(data) => (
            <ul className={styles.list}>
              {data.projects.map((p) => (
                <li key={p.id}>
                  <div className={styles.about}>
                    <Link className={styles.name} href={`/projects/${p.id}`}>
                      {p.id}
                    </Link>
                    <div className="muted small">{p.description || 'No description'}</div>
                  </div>
                  <Badge>{p.surface.mode}</Badge>
                  <Badge>{p.surface.target}</Badge>
                  <ProjectUsageCell usage={usageById.get(p.id)} days={7} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </>
  );
}

function CreateProjectForm() {
  const create = useCreateProjectMutation();
  const [id, setId] = useState('');
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const idValid = PROJECT_ID_RE.test(id);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!idValid) return;
    const project = await create.mutateAsync({ id, description }).catch(() => null);
    if (project) {
      setCreated(project.id);
      setId('');
      setDescription('');
    }
  }

  return (
    <CardForm onSubmit={onSubmit} aria-labelledby="create-heading">
      <h2 id="create-heading">New project</h2>
      <div className="row" style={{ alignItems: 'flex-end' }}>
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
        <label className="field" style={{ flex: 1 }}>
          Description
          <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="What runs here" />
        </label>
        <button type="submit" className="primary" disabled={!idValid || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create project'}
        </button>
      </div>
      <div id="id-help" className="small muted" style={{ marginTop: 6 }}>
        {id !== '' && !idValid ? 'Use lower-case letters, digits and dashes (e.g. team-agent).' : 'A slug: lower-case letters, digits and dashes.'}
      </div>
      {create.isError ? (
        <div style={{ marginTop: 10 }}>
          <ErrorNotice error={create.error} />
        </div>
      ) : null}
      {created && !create.isError ? (
        <Alert role="status" style={{ marginTop: 10 }}>
          Created <Link href={`/projects/${created}`}>{created}</Link>. Upload its catalog and send events to <code>/api/projects/{created}/events</code>.
        </Alert>
      ) : null}
    </CardForm>
  );
}
