'use client';

import { useUpdateProjectMutation } from '@/components/api/use-update-project-mutation';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { PageLink } from '@/components/ui/page-link';
import type { ProjectView } from '@/lib/contracts/projects';
import type { TargetId } from '@/lib/schemas/surface-config';
import { countOf } from '@/lib/format';
import type { LostTool, Verdict, VerdictFix, VerdictLevel } from '@/lib/surface/verdict';
import styles from './verdict-view.module.css';

const LEVEL: Record<VerdictLevel, { text: string; tone: BadgeTone }> = {
  ok: { text: 'OK', tone: 'ok' },
  warning: { text: 'Warning', tone: 'warn' },
  broken: { text: 'Broken', tone: 'danger' },
};

/** OK, Warning or Broken: in words, so the colour is never the only sign. */
export function VerdictBadge({ level }: { level: VerdictLevel }) {
  return (
    <Badge tone={LEVEL[level].tone} data-testid="verdict-level">
      {LEVEL[level].text}
    </Badge>
  );
}

/** Applies a fix that changes the project; a target only changes what is previewed, so the caller says where it goes. */
export function useVerdictFix(project: ProjectView) {
  const update = useUpdateProjectMutation(project.id);
  const { surface } = project;
  function apply(fix: VerdictFix) {
    if (fix.kind === 'naming') update.mutate({ surface: { ...surface, naming: fix.naming } });
    else if (fix.kind === 'mode') update.mutate({ surface: { ...surface, mode: fix.mode } });
    else if (fix.kind === 'budget') update.mutate({ surface: { ...surface, limits: { ...surface.limits, maxToolsPerRequest: fix.maxToolsPerRequest } } });
  }
  return { apply, pending: update.isPending, error: update.isError ? update.error : null };
}

interface FixProps {
  fix: VerdictFix;
  projectId: string;
  onApply: (fix: VerdictFix) => void;
  pending: boolean;
  /** On the preview, a target is chosen in place; elsewhere it is a link to the preview at that target. */
  onTarget?: (target: TargetId) => void;
}

export function FixAction({ fix, projectId, onApply, pending, onTarget }: FixProps) {
  const base = `/projects/${encodeURIComponent(projectId)}`;
  if (fix.kind === 'catalog')
    return (
      <PageLink href={`${base}/catalog`} className="button" data-testid="verdict-fix">
        {fix.label}
      </PageLink>
    );
  if (fix.kind === 'target') {
    if (!onTarget)
      return (
        <PageLink href={`${base}/preview?target=${fix.target}`} className="button" data-testid="verdict-fix">
          {fix.label}
        </PageLink>
      );
    return (
      <button type="button" onClick={() => onTarget(fix.target)} data-testid="verdict-fix">
        {fix.label}
      </button>
    );
  }
  return (
    <button type="button" className="primary" disabled={pending} onClick={() => onApply(fix)} data-testid="verdict-fix" title="Saved to the project">
      {pending ? 'Saving…' : fix.label}
    </button>
  );
}

/** The tools the model will not get, by name, folded: a count alone does not say what to do. */
export function LostList({ verdict, refusedWhole }: { verdict: Verdict; refusedWhole: boolean }) {
  if (refusedWhole)
    return (
      <span className="small" data-testid="left-out-count">
        the whole request
      </span>
    );
  if (verdict.lost.length === 0)
    return (
      <span className="small muted" data-testid="left-out-count">
        none
      </span>
    );
  return (
    <details className={styles.lost}>
      <summary className="small" data-testid="left-out-count">
        {countOf(verdict.lost.length, 'tool')}
      </summary>
      <ul className={`small ${styles.lostList}`} data-testid="left-out-list">
        {verdict.lost.map((t: LostTool) => (
          <li key={`${t.name}\u0000${t.why}`}>
            <span className="mono">{t.name}</span> <span className="muted">— {t.why}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The verdict in one line: the level, the sentence why, and the fix where there is one. */
export function VerdictLine({ verdict, children, testId = 'verdict' }: { verdict: Verdict; children?: React.ReactNode; testId?: string }) {
  return (
    <div className={styles.line} data-testid={testId} data-level={verdict.level}>
      <VerdictBadge level={verdict.level} />
      <span className={`small ${styles.reason}`} data-testid="verdict-reason">
        {verdict.reason}
      </span>
      {children}
    </div>
  );
}
