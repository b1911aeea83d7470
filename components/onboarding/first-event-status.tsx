'use client';

import { PageLink } from '@/components/ui/page-link';
import { Alert } from '@/components/ui/alert';
import { cx } from '@/components/ui/class-names';
import { ToolName } from '@/components/ui/tool-name';
import type { EventView } from '@/lib/contracts/events';
import { formatDateTime } from '@/lib/format';
import { type FirstEventContext, firstEventVerdict } from '@/lib/onboarding/first-event-verdict';
import styles from './first-run-checklist.module.css';

interface Props {
  base: string;
  firstEvent: EventView | null;
  context: FirstEventContext;
  onDismiss: () => void;
}

/** The wait for the first event, then the event: green when it resolved to a catalog tool, amber with the fix when not. */
export function FirstEventStatus({ base, firstEvent, context, onDismiss }: Props) {
  const verdict = firstEvent ? firstEventVerdict(firstEvent, context) : null;
  return (
    <div role="status" aria-live="polite" data-testid="first-event-status">
      {firstEvent && verdict ? (
        <Alert tone={verdict.tone} className={styles.arrived} data-tone={verdict.tone}>
          <strong>{verdict.tone === 'ok' ? 'First event received:' : 'First event received, unresolved:'}</strong>{' '}
          <ToolName name={firstEvent.tool} className="mono" />
          {firstEvent.canonical && firstEvent.canonical !== firstEvent.tool ? (
            <>
              {' '}
              → <ToolName name={firstEvent.canonical} className="mono" />
            </>
          ) : null}{' '}
          at {formatDateTime(firstEvent.timestamp)}. {verdict.text}
          {verdict.tone === 'warn' ? (
            <p className="small" data-testid="first-event-fix">
              Why: {verdict.reason}. What to do: {verdict.fix}.
            </p>
          ) : null}
          <div className="row" style={{ marginTop: 8 }}>
            <PageLink href={`${base}/events`}>See it under Events</PageLink>
            <PageLink href={`${base}/favourites`}>Pin favourites</PageLink>
            <button type="button" className="link" onClick={onDismiss}>
              Hide these steps
            </button>
          </div>
        </Alert>
      ) : (
        <p className={cx('small', styles.waiting)}>
          <span className={styles.pulse} aria-hidden="true" /> Waiting for the first event… This page shows it as soon as it comes.
        </p>
      )}
    </div>
  );
}
