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
  events: {
    /** The first event the page saw come; null while waiting. */
    first: EventView | null;
    /** The newest event, shown apart when it is another. */
    latest: EventView | null;
    /** A call that resolved to a catalog tool and was answered: the set-up works (setupWorks). */
    works: EventView | null;
  };
  context: FirstEventContext;
  onDismiss: () => void;
}

/** An event in a line: its name, what it resolved to, and when. */
function EventLine({ event }: { event: EventView }) {
  return (
    <>
      <ToolName name={event.tool} className="mono" />
      {event.canonical && event.canonical !== event.tool ? (
        <>
          {' '}
          → <ToolName name={event.canonical} className="mono" />
        </>
      ) : null}{' '}
      at {formatDateTime(event.timestamp)}.
    </>
  );
}

/**
 * The wait for the first event, then the first and the newest apart: green ("set-up works") once
 * any call resolved to a catalog tool and was answered, whatever came after; until then amber,
 * with the fix the newest event calls for.
 */
export function FirstEventStatus({ base, events, context, onDismiss }: Props) {
  const { first, latest, works } = events;
  if (!first) {
    return (
      <div role="status" aria-live="polite" data-testid="first-event-status">
        <p className={cx('small', styles.waiting)}>
          <span className={styles.pulse} aria-hidden="true" /> Waiting for the first event… This page shows it as soon as it comes.
        </p>
      </div>
    );
  }
  const firstVerdict = firstEventVerdict(first, context);
  const newer = latest && latest.id !== first.id ? latest : null;
  const newerVerdict = newer ? firstEventVerdict(newer, context) : null;
  // Before the set-up works, the newest event is the one a fix is being tried on.
  const pending = works ? null : (newerVerdict ?? firstVerdict);
  const tone = works ? 'ok' : (pending?.tone ?? 'warn');
  return (
    <div role="status" aria-live="polite" data-testid="first-event-status">
      <Alert tone={tone} className={styles.arrived} data-tone={tone}>
        {works ? (
          <p data-testid="setup-works">
            <strong>Set-up works:</strong> a call resolved to <ToolName name={works.canonical ?? works.tool} className="mono" />, a tool of the catalog, and its
            server answered it.
          </p>
        ) : null}
        <p data-testid="first-event">
          <strong>{firstVerdict.tone === 'ok' ? 'First event received:' : 'First event received, unresolved:'}</strong> <EventLine event={first} />{' '}
          {firstVerdict.text}
        </p>
        {newer && newerVerdict ? (
          <p className="small" data-testid="latest-event">
            <strong>Latest event:</strong> <EventLine event={newer} /> {newerVerdict.text}
            {works && newerVerdict.tone === 'warn' ? ' The set-up still works: a name it does not know is news for the Events tab, not a failed set-up.' : null}
          </p>
        ) : null}
        {pending?.tone === 'warn' ? (
          <p className="small" data-testid="first-event-fix">
            Why: {pending.reason}. What to do: {pending.fix}.
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
    </div>
  );
}
