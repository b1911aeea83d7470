'use client';

import { useState } from 'react';
import { useEventsQuery, type EventsParams } from '@/components/api/use-events-query';
import { ErrorNotice, SkeletonRows } from '@/components/ui/query-state';
import { formatDateTime, formatRelative } from '@/lib/format';

const KINDS: { value: EventsParams['kind'] | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'tool', label: 'Tools' },
  { value: 'meta', label: 'Meta' },
  { value: 'unresolved', label: 'Unresolved' },
];

/** The latest events with the canonical name each presented name resolved to. */
export function EventsTable({ id, limit = 25 }: { id: string; limit?: number }) {
  const [kind, setKind] = useState<EventsParams['kind'] | ''>('');
  const events = useEventsQuery(id, { limit, kind: kind || undefined }, { refetchInterval: 15_000 });
  return (
    <section className="card" aria-labelledby="events-heading">
      <div className="card-header">
        <h2 id="events-heading">Latest events</h2>
        <label className="row small muted">
          Show
          <select value={kind} onChange={(e) => setKind(e.target.value as EventsParams['kind'] | '')} aria-label="Event kind">
            {KINDS.map((k) => (
              <option key={k.label} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {events.isPending ? <SkeletonRows rows={5} label="Loading events" /> : null}
      {events.isError ? <ErrorNotice error={events.error} onRetry={() => events.refetch()} /> : null}
      {events.data && events.data.events.length === 0 ? (
        <div className="empty">
          No events yet. Send <code>tool_call_trace</code> events to <code>POST /api/projects/{id}/events</code>.
        </div>
      ) : null}
      {events.data && events.data.events.length > 0 ? (
        <div className="table-scroll">
          <table className="table" data-testid="events-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Presented name</th>
                <th scope="col">Canonical</th>
                <th scope="col">Namespace</th>
                <th scope="col">Status</th>
                <th scope="col">Session</th>
                <th scope="col">Client</th>
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((e) => (
                <tr key={e.id}>
                  <td title={formatDateTime(e.timestamp)} className="small nowrap">
                    {formatRelative(e.timestamp)}
                  </td>
                  <td className="mono">{e.tool}</td>
                  <td className="mono">
                    {e.canonical ?? (
                      <span className={e.kind === 'meta' ? 'muted' : 'badge danger'} title={e.unresolvedReason ?? undefined}>
                        {e.kind === 'meta' ? 'meta' : 'unresolved'}
                      </span>
                    )}
                  </td>
                  <td>
                    <span className="badge">{e.namespace}</span>
                  </td>
                  <td>
                    <span className={`badge ${e.status === 'ok' ? 'ok' : 'danger'}`}>{e.errorCode ?? e.status}</span>
                  </td>
                  <td className="mono small muted">{e.sessionId ?? '—'}</td>
                  <td className="small muted">{e.client ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
