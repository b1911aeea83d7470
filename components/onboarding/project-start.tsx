'use client';

import { useQueryClient } from '@tanstack/react-query';
import { PageLink } from '@/components/ui/page-link';
import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { useEventsQuery } from '@/components/api/use-events-query';
import { queryKeys } from '@/components/api/keys';
import { Alert } from '@/components/ui/alert';
import type { EventView } from '@/lib/contracts/events';
import type { ProxyInstall } from '@/lib/onboarding/proxy-config';
import { FirstRunChecklist } from './first-run-checklist';
import styles from './first-run-checklist.module.css';

/** How often a project without events asks whether its first one has come. */
const WAITING_POLL_MS = 2_000;

/**
 * A new project (no events yet) starts with its checklist: on its home tab above the usage,
 * instead of the preview while it has no catalog (a preview of nothing would read "fits"), and
 * as a one-line reminder on the other tabs. It watches for the first event and, when one
 * comes, says so in green and refreshes the project's views.
 */
export function ProjectStart({ id, install, children }: { id: string; install: ProxyInstall | null; children: ReactNode }) {
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const base = `/projects/${encodeURIComponent(id)}`;
  // The newest event: polled while there is none, and while the checklist shows it (beside the first).
  const events = useEventsQuery(
    id,
    { limit: 1 },
    { refetchInterval: (query) => (query.state.data?.events.length === 0 || (watched && !dismissed) ? WAITING_POLL_MS : false) },
  );
  const catalog = useCatalogQuery(id);
  // The secret of a token made here lives as long as the project's pages do, never longer.
  const [token, setToken] = useState<string | null>(null);
  const [previewAnyway, setPreviewAnyway] = useState(false);

  const empty = events.data ? events.data.events.length === 0 : null;
  const arrived = watched && empty === false;
  useEffect(() => {
    if (empty === true) setWatched(true);
  }, [empty]);
  // The first event the checklist saw come stays the first; the newest is shown apart (issue 46).
  const latestEvent = arrived ? (events.data?.events[0] ?? null) : null;
  const [firstEvent, setFirstEvent] = useState<EventView | null>(null);
  useEffect(() => {
    if (latestEvent) setFirstEvent((first) => first ?? latestEvent);
  }, [latestEvent]);
  // The first event changes every view of the project (usage, suggestions, preview): refresh them, once.
  const firstId = firstEvent?.id ?? null;
  useEffect(() => {
    if (firstId) void queryClient.invalidateQueries({ queryKey: queryKeys.project(id) });
  }, [firstId, id, queryClient]);

  const showChecklist = empty === true || (arrived && !dismissed);
  const checklist = (
    <FirstRunChecklist
      id={id}
      install={install}
      firstEvent={firstEvent ?? latestEvent}
      latestEvent={latestEvent}
      token={token}
      onToken={setToken}
      onDismiss={() => setDismissed(true)}
    />
  );

  if (pathname === base) {
    return (
      <>
        {showChecklist ? checklist : null}
        {children}
      </>
    );
  }
  if (pathname === `${base}/preview` && catalog.data?.servers.length === 0 && !previewAnyway) {
    return (
      <>
        <Alert tone="warn" role="note">
          This project has no catalog yet, so its preview would show nothing to present. Add a catalog first.{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              setPreviewAnyway(true);
              // The button goes with the note: the focus moves on to the page, not to nothing.
              requestAnimationFrame(() => document.getElementById('content')?.focus());
            }}
          >
            Show the empty preview anyway
          </button>
        </Alert>
        {checklist}
      </>
    );
  }
  return (
    <>
      {empty === true ? (
        <p className={`small ${styles.reminder}`} data-testid="setup-reminder">
          <span aria-hidden="true">●</span> No events yet. <PageLink href={base}>Back to the getting-started steps</PageLink>
        </p>
      ) : null}
      {children}
    </>
  );
}
