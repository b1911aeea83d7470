import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import type { UnresolvedUsage } from '@/lib/usage/report';

const COLUMNS: Column<UnresolvedUsage>[] = [
  { id: 'name', header: 'Presented name', className: 'mono', cell: (n) => n.name },
  { id: 'calls', header: 'Calls', numeric: true, cell: (n) => formatNumber(n.calls) },
  { id: 'lastSeen', header: 'Last seen', className: 'small nowrap', cellTitle: (n) => formatDateTime(n.lastUsed), cell: (n) => formatRelative(n.lastUsed) },
  {
    id: 'reason',
    header: 'Why it did not resolve',
    className: 'small',
    cell: (n) => n.reason ?? <span className="muted">its raw events are past retention</span>,
  },
];

/** Names no catalog or favourite could resolve: kept, counted, and resolved again when the catalog changes (§names). */
export function UnresolvedPanel({ names, total }: { names: UnresolvedUsage[]; total: number }) {
  return (
    <Card aria-labelledby="unresolved-heading" data-testid="unresolved-panel">
      <CardHeader id="unresolved-heading" title="Unresolved names">
        <Badge tone={total > 0 ? 'danger' : 'neutral'}>{formatNumber(total)} calls</Badge>
      </CardHeader>
      {names.length === 0 ? (
        <EmptyState>Every call in this window resolved to a catalog tool or a meta tool.</EmptyState>
      ) : (
        <>
          <p className="small muted">
            These calls are kept. Upload the missing server&apos;s catalog, or fix the favourites, and they are counted under their tools.
          </p>
          <DataTable columns={COLUMNS} rows={names} rowKey={(n) => n.name} labelledBy="unresolved-heading" />
        </>
      )}
    </Card>
  );
}
