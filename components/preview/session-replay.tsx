'use client';

import { useSessionsQuery } from '@/components/api/use-sessions-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { ErrorNotice } from '@/components/ui/error-notice';
import { countOf, formatRelative } from '@/lib/format';
import type { PreviewResponse } from '@/lib/surface/preview-response';
import styles from './session-replay.module.css';

type Recorded = Extract<NonNullable<PreviewResponse['session']>, { source: 'recorded' }>;

interface Props {
  id: string;
  session: string;
  onSession: (session: string) => void;
  step: number | undefined;
  onStep: (step: number) => void;
  replay: Recorded | null;
}

/**
 * Pick a recorded session and step through its calls: lazy and pinned show what the model
 * saw after each one.
 */
export function SessionReplay({ id, session, onSession, step, onStep, replay }: Props) {
  const sessions = useSessionsQuery(id);
  const steps = replay?.steps ?? 0;
  const current = step ?? steps;
  const call = replay && current > 0 ? replay.calls[current - 1] : null;
  return (
    <Card aria-labelledby="replay-heading">
      <CardHeader id="replay-heading" title="Session replay" note="lazy and pinned depend on what a session activated and called" />
      {sessions.isError ? <ErrorNotice error={sessions.error} onRetry={() => sessions.refetch()} /> : null}
      <div className="row">
        <label className="field">
          Recorded session
          <select value={session} onChange={(e) => onSession(e.target.value)} aria-label="Recorded session">
            <option value="">None: a fresh session</option>
            {sessions.data?.sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.id} · {countOf(s.calls, 'call')} · {formatRelative(s.lastAt)}
              </option>
            ))}
          </select>
        </label>
        {sessions.data && sessions.data.sessions.length === 0 ? (
          <span className="small muted">No recorded sessions yet: events with a sessionId show up here.</span>
        ) : null}
      </div>
      {session && replay ? (
        <div className={styles.replay}>
          <div className="row">
            <button type="button" onClick={() => onStep(Math.max(0, current - 1))} disabled={current === 0}>
              ◀ Previous call
            </button>
            <input
              type="range"
              min={0}
              max={steps}
              value={current}
              onChange={(e) => onStep(Number(e.target.value))}
              aria-label="Replay step"
              className={styles.range}
            />
            <button type="button" onClick={() => onStep(Math.min(steps, current + 1))} disabled={current >= steps}>
              Next call ▶
            </button>
            <span className="small" data-testid="replay-position" role="status">
              {current === 0 ? `Start of the session (0 of ${countOf(steps, 'call')})` : `After call ${current} of ${steps}`}
            </span>
          </div>
          <p className={`small ${styles.call}`}>
            {call ? (
              <>
                <span className="mono">{call.tool}</span>
                {call.canonical && call.canonical !== call.tool ? <span className="muted"> → {call.canonical}</span> : null}
                {!call.canonical ? <Badge>{call.kind}: activates nothing</Badge> : null}
              </>
            ) : (
              <span className="muted">Nothing activated or called yet.</span>
            )}
          </p>
          {steps <= 300 ? <GrowthStrip pinned={replay.growth.pinned} lazy={replay.growth.lazy} current={current} onStep={onStep} /> : null}
          {replay.truncated ? <p className="small muted">Only the first {countOf(steps, 'call')} of this session are replayed.</p> : null}
        </div>
      ) : null}
    </Card>
  );
}

/** List size per step: the bars show pinned, the outline lazy; click a bar to go to that step. */
function GrowthStrip({ pinned, lazy, current, onStep }: { pinned: number[]; lazy: number[]; current: number; onStep: (step: number) => void }) {
  const max = Math.max(1, ...pinned);
  return (
    <div className={styles.growth} role="group" aria-label="Pinned list size at each step">
      {pinned.map((size, i) => (
        <button
          type="button"
          // biome-ignore lint/suspicious/noArrayIndexKey: one bar per replay step; the step number is its identity
          key={i}
          className={cx(styles.bar, i === current && styles.current)}
          style={{ height: `${Math.max(8, (size / max) * 100)}%` }}
          title={`step ${i}: pinned ${size}, lazy ${lazy[i]}`}
          aria-label={`Step ${i}: pinned ${countOf(size, 'tool')}`}
          onClick={() => onStep(i)}
        />
      ))}
    </div>
  );
}
