'use client';

import { ConfirmBox } from '@/components/ui/confirm-box';
import { ErrorNotice } from '@/components/ui/error-notice';
import { SkeletonRows } from '@/components/ui/skeleton-rows';
import type { SurfacePlan, SurfacePlanList } from '@/lib/contracts/surface-plan';
import { countOf, formatNumber } from '@/lib/format';
import { audienceLabel, fieldChangeText } from './plan-words';
import styles from './surface-change.module.css';
import type { SurfaceChange } from './use-surface-change';

function Names({ side, names, tone }: { side: string; names: SurfacePlanList['gained']; tone: string }) {
  if (names.total === 0) return null;
  const more = names.total - names.names.length;
  return (
    <details className={styles.names}>
      <summary className={`small ${tone}`} data-testid={`plan-${side}`}>
        {side === 'gained' ? '+' : '−'} {countOf(names.total, 'tool')} {side}
      </summary>
      <ul className="small mono">
        {names.names.map((n) => (
          <li key={n}>{n}</li>
        ))}
        {more > 0 ? <li className="muted">and {formatNumber(more)} more</li> : null}
      </ul>
    </details>
  );
}

function PlanBody({ plan }: { plan: SurfacePlan }) {
  return (
    <>
      {plan.changes.length === 0 ? (
        <p className="small">This is already the project’s setting: nothing would change.</p>
      ) : (
        <ul className={`small ${styles.fields}`} data-testid="plan-fields">
          {plan.changes.map((c) => (
            <li key={c.path}>{fieldChangeText(c)}</li>
          ))}
        </ul>
      )}
      <p className="small muted">What a new session of each client receives:</p>
      <ul className={styles.lists}>
        {plan.lists.map((list) => (
          <li key={list.proxy?.id ?? 'uploaded'} data-testid="plan-list">
            <span className="small">{audienceLabel(list)}: </span>
            <strong data-testid="plan-count">
              {formatNumber(list.before)} → {countOf(list.after, 'tool')}
            </strong>
            {list.deniedByPolicy > 0 ? (
              <span className="small muted" data-testid="plan-policy">
                {' '}
                (after the tool policy, which keeps {countOf(list.deniedByPolicy, 'tool')} from these sessions)
              </span>
            ) : null}
            <Names side="gained" names={list.gained} tone="tone-ok" />
            <Names side="lost" names={list.lost} tone="tone-danger" />
            {list.budget.message ? (
              <p className="small tone-warn" data-testid="plan-budget">
                {list.budget.message}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The plan of a change, inline under the control that asked for it: what changes, per client, and Apply or Cancel. */
export function SurfaceChangePanel({ change, label }: { change: SurfaceChange; label: string }) {
  if (!change.asking) return null;
  const plan = change.plan.data;
  return (
    <div className={styles.panel} data-testid="surface-change">
      <ConfirmBox label={label}>
        <strong>{label}?</strong> <span className="small muted">Nothing is saved until you apply.</span>
        {change.replanned ? (
          <p className="small tone-warn" role="alert" data-testid="plan-replanned">
            Someone else changed the project’s settings meanwhile; nothing was saved. This plan is made again over their change, which it keeps.
          </p>
        ) : null}
        {change.plan.isError ? (
          <ErrorNotice error={change.plan.error} onRetry={() => change.plan.refetch()} />
        ) : plan ? (
          <PlanBody plan={plan} />
        ) : (
          <SkeletonRows rows={2} label="Working out what would change" />
        )}
        {change.applyError ? <ErrorNotice error={change.applyError} /> : null}
        <div className="row">
          <button
            ref={change.confirm}
            type="button"
            className="primary"
            aria-disabled={!plan || change.applying || undefined}
            onClick={() => plan && void change.apply(plan)}
            data-testid="plan-apply"
          >
            {change.applying ? 'Applying…' : 'Apply'}
          </button>
          <button type="button" onClick={change.cancel} data-testid="plan-cancel">
            Cancel
          </button>
        </div>
      </ConfirmBox>
    </div>
  );
}
