'use client';

import { useIdentityUsageQuery } from '@/components/api/use-identity-usage-query';
import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { numericColumn } from '@/components/ui/numeric-column';
import { QueryView } from '@/components/ui/query-view';
import type { IdentityUsageRow } from '@/lib/contracts/identity-usage';
import { countOf, formatNumber, formatRelative } from '@/lib/format';

const HEADING = 'identities-heading';

const COLUMNS: Column<IdentityUsageRow>[] = [
  {
    id: 'token',
    header: 'Token',
    className: (r) => (r.token === null ? 'muted nowrap' : 'mono nowrap'),
    sort: (a, b) => (a.token ?? '').localeCompare(b.token ?? ''),
    cell: (r) => r.token ?? 'no token',
  },
  {
    id: 'client',
    header: 'Client',
    className: (r) => (r.client === null ? 'muted nowrap' : 'mono nowrap'),
    sort: (a, b) => (a.client ?? '').localeCompare(b.client ?? ''),
    cell: (r) => r.client ?? 'none given',
  },
  numericColumn('calls', 'Calls', (r) => r.calls, formatNumber),
  numericColumn('errors', 'Failed', (r) => r.errors, formatNumber, { headerTitle: 'calls that failed, refusals by the tool policy apart' }),
  {
    id: 'denied',
    header: 'Refused',
    headerTitle: 'calls the tool policy refused',
    numeric: true,
    className: (r) => (r.denied > 0 ? 'tone-warn' : 'muted'),
    sort: (a, b) => a.denied - b.denied,
    cell: (r) => formatNumber(r.denied),
  },
  numericColumn('tools', 'Tools', (r) => r.tools, formatNumber, { headerTitle: 'catalog tools called' }),
  { id: 'last', header: 'Last call', className: 'muted nowrap', cell: (r) => formatRelative(r.lastCallAt) },
];

/**
 * Who calls (§policy): each proxy token and the client its sessions named, with what the tool
 * policy refused them apart from calls that failed, so a rule that keeps an agent from a tool
 * it keeps reaching for shows up here.
 */
export function IdentitiesTable({ id, window, until }: { id: string; window: string; until?: string }) {
  const query = useIdentityUsageQuery(id, { window, until });
  return (
    <Card aria-labelledby={HEADING} data-testid="identities">
      <CardHeader id={HEADING} title="By token and client" note={query.data ? countOf(query.data.identities.length, 'identity', 'identities') : undefined} />
      <QueryView query={query} loadingLabel="Loading who calls" loadingRows={3}>
        {(usage) => (
          <DataTable
            columns={COLUMNS}
            rows={usage.identities}
            rowKey={(r) => `${r.token ?? ''}\u0000${r.client ?? ''}`}
            labelledBy={HEADING}
            initialSort={{ column: 'calls', direction: 'descending' }}
            emptyMessage="No calls in this window."
          />
        )}
      </QueryView>
    </Card>
  );
}
