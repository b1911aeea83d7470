'use client';

import { Badge, type BadgeTone } from '@/components/ui/badge';
import { PageLink } from '@/components/ui/page-link';
import type { ProjectView } from '@/lib/contracts/projects';
import type { SurfaceConfig, TargetId } from '@/lib/schemas/surface-config';
import { SurfaceChangePanel } from '@/components/settings/surface-change-panel';
import { useSurfaceChange } from '@/components/settings/use-surface-change';
import { countOf } from '@/lib/format';
import { modeName } from '@/lib/surface/mode-traits';
import type { LostTool } from '@/lib/contracts/preview';
import type { Verdict, VerdictFix, VerdictLevel } from '@/lib/surface/verdict';
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

/** The config a fix would save: a target only changes what is previewed, so it has none. */
function fixedSurface(surface: SurfaceConfig, fix: VerdictFix): SurfaceConfig | null {
  if (fix.kind === 'naming') return { ...surface, naming: fix.naming };
  if (fix.kind === 'mode') return { ...surface, mode: fix.mode };
  if (fix.kind === 'budget') return { ...surface, limits: { ...surface.limits, maxToolsPerRequest: fix.maxToolsPerRequest } };
  return null;
}

/** A fix that saves says so in its words: it changes the project, and so every client, not the preview. */
function saveLabel(fix: VerdictFix): string {
  if (fix.kind === 'naming') return `Change the project to ${fix.naming} names…`;
  if (fix.kind === 'mode') return `Change the project to ${modeName(fix.mode)} mode…`;
  if (fix.kind === 'budget') return `Lower the project’s list budget to ${fix.maxToolsPerRequest}…`;
  return fix.label;
}

interface FixProps {
  fix: VerdictFix;
  project: ProjectView;
  /** On the preview, a target is chosen in place; elsewhere it is a link to the preview at that target. */
  onTarget?: (target: TargetId) => void;
}

/** A fix that changes the project: it asks first, showing what every connected client would gain and lose. */
function SaveFix({ fix, project, proposed }: { fix: VerdictFix; project: ProjectView; proposed: SurfaceConfig }) {
  const change = useSurfaceChange(project.id, project.surface);
  return (
    <>
      <button
        ref={change.opener}
        type="button"
        className="primary"
        aria-expanded={change.asking}
        onClick={() => (change.asking ? change.cancel() : change.ask(proposed))}
        data-testid="verdict-fix"
      >
        {saveLabel(fix)}
      </button>
      <SurfaceChangePanel change={change} label={saveLabel(fix).replace(/…$/, '')} />
    </>
  );
}

export function FixAction({ fix, project, onTarget }: FixProps) {
  const base = `/projects/${encodeURIComponent(project.id)}`;
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
  const proposed = fixedSurface(project.surface, fix);
  return proposed ? <SaveFix fix={fix} project={project} proposed={proposed} /> : null;
}

/** The tools the model will not get, by name, folded: a count alone does not say what to do. The first hundred are named; the list opened shows them all. */
export function LostList({ verdict, refusedWhole }: { verdict: Verdict; refusedWhole: boolean }) {
  if (refusedWhole)
    return (
      <span className="small" data-testid="left-out-count">
        the whole request
      </span>
    );
  const { lost } = verdict;
  if (lost.count === 0)
    return (
      <span className="small muted" data-testid="left-out-count">
        none
      </span>
    );
  return (
    <details className={styles.lost}>
      <summary className="small" data-testid="left-out-count">
        {countOf(lost.count, 'tool')}
      </summary>
      <ul className={`small ${styles.lostList}`} data-testid="left-out-list">
        {lost.tools.map((t: LostTool) => (
          <li key={`${t.name}\u0000${t.why}`}>
            <span className="mono">{t.name}</span> <span className="muted">— {t.why}</span>
          </li>
        ))}
      </ul>
      {lost.count > lost.tools.length ? (
        <p className="small muted" data-testid="left-out-more">
          and {countOf(lost.count - lost.tools.length, 'more tool')}: open the list to see each one.
        </p>
      ) : null}
    </details>
  );
}

/** The verdict in one line: the level, the sentence why, and the fix where there is one; beneath it, the attention budget when the list is over it. */
export function VerdictLine({ verdict, children, testId = 'verdict' }: { verdict: Verdict; children?: React.ReactNode; testId?: string }) {
  return (
    <div className={styles.line} data-testid={testId} data-level={verdict.level}>
      <VerdictBadge level={verdict.level} />
      <span className={`small ${styles.reason}`} data-testid="verdict-reason">
        {verdict.reason}
      </span>
      {children}
      {verdict.budget ? (
        <span className={`small tone-warn ${styles.budget}`} data-testid="verdict-budget">
          {verdict.budget}
        </span>
      ) : null}
    </div>
  );
}
