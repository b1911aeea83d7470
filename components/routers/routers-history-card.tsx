'use client';

import { type RoutersHistoryEntry, useRoutersHistoryQuery } from '@/components/api/use-routers-history-query';
import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { QueryView } from '@/components/ui/query-view';
import { formatDateTime, formatRelative } from '@/lib/format';

const VIA_WORDS: Record<string, string> = { ui: 'the dashboard', api: 'the API', cli: 'the command line', yaml: 'YAML' };

const COLUMNS: Column<RoutersHistoryEntry>[] = [
  { id: 'version', header: 'Version', numeric: true, cell: (e) => e.version },
  { id: 'when', header: 'When', className: 'small', cell: (e) => formatRelative(e.changedAt), cellTitle: (e) => formatDateTime(e.changedAt) },
  { id: 'what', header: 'What changed', className: 'wraps-anywhere', cell: (e) => e.description },
  { id: 'via', header: 'Through', className: 'small muted', cell: (e) => VIA_WORDS[e.via] ?? e.via },
];

/** The latest saved versions of the routers, newest first, each in one line. */
export function RoutersHistoryCard({ id }: { id: string }) {
  const history = useRoutersHistoryQuery(id, 10);
  return (
    <Card aria-labelledby="routers-history-heading" data-testid="routers-history">
      <CardHeader id="routers-history-heading" title="History" note="newest first" />
      <QueryView query={history} loadingLabel="Loading the routers' history" loadingRows={3}>
        {(data) => (
          <DataTable
            columns={COLUMNS}
            rows={data.changes}
            rowKey={(e) => String(e.version)}
            labelledBy="routers-history-heading"
            testId="routers-history-table"
            emptyMessage="No change yet: every catalog tool is listed on its own."
          />
        )}
      </QueryView>
    </Card>
  );
}
