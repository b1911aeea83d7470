import type { useYamlApplyMutation } from '@/components/api/use-yaml-apply-mutation';
import { Badge } from '@/components/ui/badge';
import code from '@/components/ui/code-block.module.css';
import { countOf } from '@/lib/format';
import styles from './yaml-plan.module.css';

/** What POST /api/yaml/apply answers: the plan of a dry run, or what an apply did. */
export type ApplyResult = NonNullable<ReturnType<typeof useYamlApplyMutation>['data']>;

/** A dry run, readable: what each document would do, field by field, and its YAML diff. */
export function YamlPlan({ plan }: { plan: ApplyResult }) {
  const { summary } = plan;
  const warnings = plan.projects.reduce((n, p) => n + p.warnings.length, 0);
  return (
    <div data-testid="yaml-plan">
      <p className="small">
        <strong>{summary.create}</strong> to create · <strong>{summary.update}</strong> to update · {summary.unchanged} unchanged
        {warnings > 0 ? <strong className="tone-warn"> · {countOf(warnings, 'warning')}</strong> : null}
      </p>
      {plan.projects.map((project) => (
        <div key={project.name} className={styles.project}>
          <div className="row">
            <strong className="mono">{project.name}</strong>
            <Badge tone={project.action === 'unchanged' ? 'neutral' : 'accent'}>{project.action}</Badge>
          </div>
          {project.warnings.length > 0 ? (
            <ul className={`small ${styles.warnings}`} aria-label={`Warnings for ${project.name}`} data-testid="plan-warnings">
              {project.warnings.map((w) => (
                <li key={w.path} className="tone-warn">
                  <code>{w.path}</code> {w.message}
                </li>
              ))}
            </ul>
          ) : null}
          {project.action === 'update' ? (
            <ul className={`small ${code.changes}`}>
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
    <pre className={code.block} role="region" aria-label="YAML diff">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: diff lines repeat; their position is their identity
        <span key={i} className={lineClass(line)}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function lineClass(line: string): string | undefined {
  if (line.startsWith('@@')) return 'muted';
  if (line.startsWith('+')) return 'tone-ok';
  if (line.startsWith('-')) return 'tone-danger';
  return undefined;
}
