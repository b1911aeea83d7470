'use client';

import { useState, type ChangeEvent } from 'react';
import type { ApplyResult } from '@/db/queries/project-documents';
import { useProjectYamlQuery } from '@/components/api/use-project-yaml-query';
import { useYamlApplyMutation } from '@/components/api/use-yaml-apply-mutation';
import { ErrorNotice } from '@/components/ui/error-notice';
import { QueryView } from '@/components/ui/query-view';
import { ApiClientError } from '@/lib/api-client';
import type { YamlIssue } from '@/lib/yaml/parse-project-documents';
import { YamlPlan } from './yaml-plan';

/** Export the project as YAML, and apply YAML: paste or upload, preview the diff, confirm. */
export function YamlPage({ id }: { id: string }) {
  const exported = useProjectYamlQuery(id);
  const [text, setText] = useState('');
  return (
    <div className="grid grid-2">
      <section className="card" aria-labelledby="export-heading">
        <div className="card-header">
          <h2 id="export-heading">Export</h2>
          <div className="row">
            <a className="button" href={`/api/projects/${encodeURIComponent(id)}/yaml?download=1`} download={`${id}.yaml`}>
              Download {id}.yaml
            </a>
            <a className="button" href="/api/yaml?download=1" download="favindex-projects.yaml">
              Download all projects
            </a>
          </div>
        </div>
        <QueryView query={exported} loadingLabel="Loading YAML" loadingRows={8}>
          {(yaml) => (
            <>
              <pre className="yaml-view" data-testid="project-yaml">
                {yaml}
              </pre>
              <button type="button" onClick={() => setText(yaml)}>
                Edit a copy below
              </button>
            </>
          )}
        </QueryView>
      </section>
      <ApplyPanel text={text} onText={setText} />
    </div>
  );
}

function ApplyPanel({ text, onText }: { text: string; onText: (text: string) => void }) {
  const apply = useYamlApplyMutation();
  const [plan, setPlan] = useState<ApplyResult | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [done, setDone] = useState<ApplyResult | null>(null);

  function edit(next: string) {
    onText(next);
    setPlan(null);
    setDone(null);
    apply.reset();
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (file) edit(await file.text());
    e.target.value = '';
  }

  async function preview() {
    setDone(null);
    setChangedMeanwhile(false);
    const result = await apply.mutateAsync({ text, dryRun: true }).catch(() => null);
    setPlan(result);
  }

  async function confirm() {
    if (!plan) return;
    try {
      const result = await apply.mutateAsync({ text, dryRun: false, basis: plan.basis });
      setPlan(null);
      setDone(result);
    } catch (err) {
      // The projects changed since the preview: show the new diff to confirm instead.
      if (err instanceof ApiClientError && err.status === 412) {
        const details = err.envelope.details as Pick<ApplyResult, 'basis' | 'projects'>;
        setPlan({ ...plan, basis: details.basis, projects: details.projects, summary: summarise(details.projects) });
        setChangedMeanwhile(true);
        apply.reset();
      }
    }
  }

  const issues = apply.error instanceof ApiClientError && Array.isArray(apply.error.envelope.details) ? (apply.error.envelope.details as YamlIssue[]) : [];
  return (
    <section className="card" aria-labelledby="apply-heading">
      <div className="card-header">
        <h2 id="apply-heading">Apply</h2>
        <label className="button small">
          Upload a file
          <input type="file" accept=".yaml,.yml,application/yaml,text/yaml,text/plain" onChange={upload} className="visually-hidden" />
        </label>
      </div>
      <p className="small muted">
        Paste one or more Project documents (separated by <code>---</code>). Each creates or updates the project named by <code>metadata.name</code>; nothing is
        written unless every document is valid.
      </p>
      <textarea
        aria-label="YAML to apply"
        rows={16}
        value={text}
        onChange={(e) => edit(e.target.value)}
        spellCheck={false}
        placeholder="apiVersion: favindex/v1"
      />
      <div className="row" style={{ marginTop: 8 }}>
        <button type="button" onClick={preview} disabled={!text.trim() || apply.isPending}>
          Preview changes
        </button>
      </div>
      {apply.isError ? (
        <div style={{ marginTop: 10 }}>
          <ErrorNotice error={apply.error} />
          {issues.length > 0 ? (
            <ul className="yaml-issues small" aria-label="Problems">
              {issues.map((issue, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same; their order is their identity
                <li key={i}>
                  <span className="mono">
                    {issue.document > 0 ? `doc ${issue.document}, ` : ''}line {issue.line}:{issue.column}
                  </span>{' '}
                  {issue.path ? <code>{issue.path}</code> : null} {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {plan ? (
        <div className="confirm-box" role="group" aria-label="Review the changes">
          {changedMeanwhile ? (
            <div className="alert warn small" role="alert">
              The projects changed since your preview. This is the diff against their current state.
            </div>
          ) : null}
          <YamlPlan plan={plan} />
          <div className="row">
            <button type="button" className="primary" onClick={confirm} disabled={apply.isPending || plan.summary.create + plan.summary.update === 0}>
              Apply
            </button>
            <button type="button" onClick={() => setPlan(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {done ? (
        <div className="alert" role="status" style={{ marginTop: 10 }} data-testid="apply-done">
          Applied: {done.summary.create} created, {done.summary.update} updated, {done.summary.unchanged} unchanged.
        </div>
      ) : null}
    </section>
  );
}

function summarise(projects: ApplyResult['projects']): ApplyResult['summary'] {
  const count = (action: string) => projects.filter((p) => p.action === action).length;
  return { create: count('create'), update: count('update'), unchanged: count('unchanged') };
}
