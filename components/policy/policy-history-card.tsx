'use client';

import { usePolicyHistoryQuery } from '@/components/api/use-policy-history-query';
import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { QueryView } from '@/components/ui/query-view';
import type { PolicyHistory } from '@/lib/contracts/policy';
import { formatDateTime, formatRelative } from '@/lib/format';

type Entry = PolicyHistory['changes'][number];

const VIA_WORDS: Record<string, string> = { ui: 'the dashboard', api: 'the API', cli: 'the command line', yaml: 'YAML' };

const COLUMNS: Column<Entry>[] = [
  { id: 'version', header: 'Version', numeric: true, cell: (e) => e.version },
  { id: 'when', header: 'When', className: 'small', cell: (e) => formatRelative(e.changedAt), cellTitle: (e) => formatDateTime(e.changedAt) },
  { id: 'what', header: 'What changed', cell: (e) => e.description },
  { id: 'via', header: 'Through', className: 'small muted', cell: (e) => VIA_WORDS[e.via] ?? e.via },
];

/** Every saved version of the policy, newest first, each in one line. */
export function PolicyHistoryCard({ id }: { id: string }) {
  const history = usePolicyHistoryQuery(id);
  return (
    <Card aria-labelledby="policy-history-heading" data-testid="policy-history">
      <CardHeader id="policy-history-heading" title="History" note="newest first" />
      <QueryView query={history} loadingLabel="Loading the policy's history" loadingRows={4}>
        {(data) => (
          <DataTable
            columns={COLUMNS}
            rows={data.changes}
            rowKey={(e) => String(e.version)}
            labelledBy="policy-history-heading"
            testId="policy-history-table"
            emptyMessage="The policy has not been changed yet: every tool is allowed for everyone."
          />
        )}
      </QueryView>
    </Card>
  );
}
