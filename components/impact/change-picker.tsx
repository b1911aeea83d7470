'use client';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { ImpactComparison, SurfaceRevisionView } from '@/lib/contracts/impact';
import { countOf, formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import styles from './impact-page.module.css';
import { IMPACT_WINDOWS } from './impact-search';
import segmented from '@/components/ui/segmented.module.css';

interface Props {
  revisions: SurfaceRevisionView[];
  comparison: ImpactComparison;
  window: string;
  onRevision: (revision: number) => void;
  onWindow: (window: string) => void;
}

/** Which change is judged (any revision but the first), against what, and over how many days. */
export function ChangePicker({ revisions, comparison, window, onRevision, onWindow }: Props) {
  const all = comparison.segments[0];
  const choices = revisions
    .filter((r) => r.revision > 1)
    .map(({ revision, at, description }) => ({ revision, at, description }))
    .reverse();
  // A change older than the revisions listed is still offered, since it is the one shown.
  if (!choices.some((r) => r.revision === comparison.revision))
    choices.push({ revision: comparison.revision, at: comparison.at, description: comparison.description });
  return (
    <Card as="div" aria-label="The change judged">
      <div className="row">
        <label className={`row ${styles.changeLabel}`}>
          <span className="small muted">Change</span>
          <select value={comparison.revision} onChange={(e) => onRevision(Number(e.target.value))} aria-label="Change to judge">
            {choices.map((r) => (
              <option key={r.revision} value={r.revision}>
                r{r.revision} · {formatDateTime(r.at)} · {r.description}
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        <div className={segmented.group} role="group" aria-label="Days either side of the change">
          {IMPACT_WINDOWS.map((w) => (
            <button key={w} type="button" aria-pressed={w === window} onClick={() => onWindow(w)}>
              ±{w}
            </button>
          ))}
        </div>
      </div>
      <p className="small" data-testid="impact-change">
        <Badge tone="accent">r{comparison.revision}</Badge> {comparison.description}{' '}
        <time className="muted" dateTime={comparison.at} title={formatDateTime(comparison.at)}>
          ({formatRelative(comparison.at)})
        </time>
        . Compared with <Badge>r{comparison.baseline}</Badge>: {countOf(all?.before.sessions ?? 0, 'session')} before, {formatNumber(all?.after.sessions ?? 0)}{' '}
        after, within {window} of each change.
      </p>
      {all && !all.enoughData ? (
        <p className="small muted" data-testid="impact-not-enough">
          Not enough data yet: each side needs {countOf(comparison.minSessions, 'session')} before a difference is judged. The values so far are shown without
          intervals.
        </p>
      ) : null}
    </Card>
  );
}
