'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useEventsQuery, type EventsParams } from '@/components/api/use-events-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/empty-state';
import { FirstEventCommand } from '@/components/onboarding/first-event-command';
import { QueryView } from '@/components/ui/query-view';
import { ToolName } from '@/components/ui/tool-name';
import { formatDateTime, formatRelative } from '@/lib/format';
import { modeNameOf } from '@/lib/surface/mode-traits';

const KINDS: { value: EventsParams['kind'] | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'tool', label: 'Tools' },
  { value: 'meta', label: 'Meta' },
  { value: 'unresolved', label: 'Unresolved' },
];

/** One event as the events endpoint returns it. */
type EventRow = NonNullable<ReturnType<typeof useEventsQuery>['data']>['events'][number];

const COLUMNS: Column<EventRow>[] = [
  { id: 'when', header: 'When', className: 'small nowrap', cellTitle: (e) => formatDateTime(e.timestamp), cell: (e) => formatRelative(e.timestamp) },
  { id: 'tool', header: 'Presented name', className: 'mono', cell: (e) => <ToolName name={e.tool} /> },
  { id: 'canonical', header: 'Canonical', className: 'mono', cell: (e) => (e.canonical ? <ToolName name={e.canonical} /> : <NoCanonical event={e} />) },
  { id: 'namespace', header: 'Namespace', cell: (e) => <Badge>{e.namespace}</Badge> },
  { id: 'status', header: 'Status', cell: (e) => <Badge tone={e.status === 'ok' ? 'ok' : 'danger'}>{e.errorCode ?? e.status}</Badge> },
  { id: 'session', header: 'Session', className: 'mono small muted', cell: (e) => e.sessionId ?? '—' },
  {
    id: 'client',
    header: 'Client',
    headerTitle: 'the MCP client, and the MCP revision it spoke to the proxy',
    className: 'small muted',
    cell: (e) => (
      <>
        {e.client ?? '—'}
        {e.protocolVersion ? <div>MCP {e.protocolVersion}</div> : null}
      </>
    ),
  },
  {
    id: 'surface',
    header: 'Surface',
    headerTitle: 'the surface revision and mode the call was made under',
    className: 'small muted nowrap',
    cell: (e) => (e.surfaceRevision === null ? '—' : `r${e.surfaceRevision} · ${e.mode === null ? 'no mode given' : modeNameOf(e.mode)}`),
  },
];

/** The latest events with the canonical name each presented name resolved to, older ones a page at a time. */
export function EventsTable({ id, limit = 25 }: { id: string; limit?: number }) {
  const [kind, setKindValue] = useState<EventsParams['kind'] | ''>('');
  // The `before` cursor of each page after the first, in the order read: Previous pops one.
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const events = useEventsQuery(
    id,
    { limit, kind: kind || undefined, before },
    {
      // New events arrive on the first page; older pages do not change.
      refetchInterval: (query) => (before ? false : !kind && query.state.data?.events.length === 0 ? 2_000 : 15_000),
      // The page read stays drawn while the next loads, so the pager (and its focus) stays put.
      placeholderData: keepPreviousData,
    },
  );
  const setKind = (next: EventsParams['kind'] | '') => {
    setKindValue(next);
    setCursors([]);
  };
  const first = cursors.length * limit + 1;
  return (
    <Card aria-labelledby="events-heading">
      <CardHeader id="events-heading" title="Latest events">
        <label className="row small muted">
          Show
          <select value={kind} onChange={(e) => setKind(KINDS.find((k) => k.value === e.target.value)?.value ?? '')} aria-label="Event kind">
            {KINDS.map((k) => (
              <option key={k.label} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </CardHeader>
      <QueryView
        query={events}
        loadingLabel="Loading events"
        loadingRows={5}
        isEmpty={(data) => data.events.length === 0 && cursors.length === 0}
        empty={<NoEventsYet id={id} />}
      >
        {(data) => (
          <>
            <DataTable
              columns={COLUMNS}
              rows={data.events}
              rowKey={(e) => e.id}
              labelledBy="events-heading"
              testId="events-table"
              emptyMessage="No older events."
            />
            <Pager
              noun="events"
              first={first}
              last={first + data.events.length - 1}
              hasPrevious={cursors.length > 0}
              hasNext={data.next !== null && !events.isPlaceholderData}
              onPrevious={() => setCursors((list) => list.slice(0, -1))}
              onNext={() => {
                const next = data.next;
                if (next) setCursors((list) => [...list, next]);
              }}
            />
          </>
        )}
      </QueryView>
    </Card>
  );
}

/** An empty table says how events arrive, and gives the command that sends the first one. */
function NoEventsYet({ id }: { id: string }) {
  return (
    <EmptyState>
      <p>No events yet. A proxy sends one per tool call; this sends a first one:</p>
      <FirstEventCommand id={id} />
    </EmptyState>
  );
}

/** A meta tool has no canonical name by nature; an unresolved name lacks one, and says why on hover. */
function NoCanonical({ event }: { event: EventRow }) {
  if (event.kind === 'meta') return <span className="muted">meta</span>;
  return (
    <Badge tone="danger" title={event.unresolvedReason ?? undefined}>
      unresolved
    </Badge>
  );
}
