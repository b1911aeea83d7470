import type { ApplyResult } from '@/lib/contracts/yaml';

/** A dry run, readable: what each document would do, field by field, and its YAML diff. */
export function YamlPlan({ plan }: { plan: ApplyResult }) {
  const { summary } = plan;
  return (
    <div className="yaml-plan" data-testid="yaml-plan">
      <p className="small">
        <strong>{summary.create}</strong> to create · <strong>{summary.update}</strong> to update · {summary.unchanged} unchanged
      </p>
      {plan.projects.map((project) => (
        <div key={project.name} className="yaml-plan-project">
          <div className="row">
            <strong className="mono">{project.name}</strong>
            <span className={`badge ${project.action === 'unchanged' ? '' : 'accent'}`}>{project.action}</span>
          </div>
          {project.action === 'update' ? (
            <ul className="fav-changes small">
              {project.changes.map((c) => (
                <li key={c.path}>
                  <code>{c.path}</code>: {show(c.before)} → {show(c.after)}
                </li>
              ))}
            </ul>
          ) : null}
          {project.diff ? <DiffView diff={project.diff} /> : null}
        </div>
      ))}
    </div>
  );
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export function DiffView({ diff }: { diff: string }) {
  const lines = diff.replace(/\n$/, '').split('\n');
  return (
    <pre className="diff-view" role="region" aria-label="YAML diff">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: diff lines repeat; their position is their identity
        <span key={i} className={line.startsWith('@@') ? 'diff-hunk' : line.startsWith('+') ? 'diff-add' : line.startsWith('-') ? 'diff-remove' : undefined}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
