import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLink } from '@/components/ui/page-link';
import { ToolName } from '@/components/ui/tool-name';
import { countOf, formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import type { UnresolvedUsage } from '@/lib/usage/report';
import { unresolvedAction } from '@/lib/usage/unresolved-action';

/** The one thing to do about a name, as a link to where it is done. */
function Action({ id, row }: { id: string; row: UnresolvedUsage }) {
  const action = unresolvedAction(row.reason);
  const base = `/projects/${encodeURIComponent(id)}`;
  if (action.kind === 'favourites') return <PageLink href={`${base}/favourites`}>Pin it in favourites</PageLink>;
  if (action.kind === 'docs') return <PageLink href={`/docs/rules#${action.anchor}`}>How client names map</PageLink>;
  return (
    <PageLink
      href={`${base}/catalog${action.server ? `?server=${encodeURIComponent(action.server)}` : ''}#upload-heading`}
      aria-label={`Upload the catalog of ${action.server ?? 'the server'} for ${row.name}`}
    >
      {action.server ? `Upload ${action.server}’s catalog` : 'Upload its catalog'}
    </PageLink>
  );
}

const columns = (id: string): Column<UnresolvedUsage>[] => [
  // These wrap at a name's separators and a long quoted name breaks where it must, so the
  // table fits its half-width card at a desktop width instead of turning into cards.
  { id: 'name', header: 'Presented name', className: 'mono', cell: (n) => <ToolName name={n.name} /> },
  { id: 'calls', header: 'Calls', numeric: true, cell: (n) => formatNumber(n.calls) },
  { id: 'lastSeen', header: 'Last seen', className: 'small nowrap', cellTitle: (n) => formatDateTime(n.lastUsed), cell: (n) => formatRelative(n.lastUsed) },
  {
    id: 'reason',
    header: 'Why it did not resolve',
    className: 'small wraps-anywhere',
    cell: (n) => n.reason ?? <span className="muted">its raw events are past retention</span>,
  },
  // Wraps rather than runs past the card: a half-width panel has no room for a long server name.
  { id: 'action', header: 'Fix', className: 'small', cell: (n) => <Action id={id} row={n} /> },
];

/** Names no catalog or favourite could resolve: kept, counted, and resolved again when the catalog changes (§names). */
export function UnresolvedPanel({
  id,
  names,
  others,
  total,
}: {
  id: string;
  names: UnresolvedUsage[];
  others: { names: number; calls: number };
  total: number;
}) {
  return (
    <Card aria-labelledby="unresolved-heading" data-testid="unresolved-panel">
      <CardHeader id="unresolved-heading" title="Unresolved names">
        <Badge tone={total > 0 ? 'danger' : 'neutral'}>{countOf(total, 'call')}</Badge>
      </CardHeader>
      {names.length === 0 && others.calls === 0 ? (
        <EmptyState>Every call in this window resolved to a catalog tool or a meta tool.</EmptyState>
      ) : (
        <>
          <p className="small muted">
            These calls are kept. Upload the missing server&apos;s catalog, or fix the favourites, and they are counted under their tools.
          </p>
          <DataTable columns={columns(id)} rows={names} rowKey={(n) => n.name} labelledBy="unresolved-heading" />
          {others.calls > 0 ? (
            <p className="small muted" data-testid="unresolved-others">
              and {countOf(others.names, 'more distinct name', 'more distinct names')} ({countOf(others.calls, 'call')})
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
