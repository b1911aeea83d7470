import { DataTable, type Column } from '@/components/ui/data-table';
import type { FindabilityTool } from '@/lib/contracts/findability';

const rank = (r: number | null) => (r === null ? 'no match' : String(r));

const COLUMNS: Column<FindabilityTool>[] = [
  { id: 'tool', header: 'Tool', cell: (t) => t.tool, className: 'mono', sort: (a, b) => a.tool.localeCompare(b.tool) },
  {
    id: 'ranks',
    header: 'Ranks',
    headerTitle: 'The tool’s place for each of its queries: its name, its description, the test queries kept for it',
    cell: (t) => (
      <ul className="small">
        {t.queries.map((q) => (
          <li key={`${q.from} ${q.query}`} className={q.found ? undefined : 'tone-danger'}>
            {q.from} <span className="mono">{q.query}</span>: {rank(q.rank)}
            {q.found ? '' : ' (not found)'}
          </li>
        ))}
      </ul>
    ),
  },
  { id: 'losesTo', header: 'Cannot be told from', cell: (t) => (t.losesTo.length > 0 ? t.losesTo.map((s) => s.tool).join(', ') : '—'), className: 'mono' },
  {
    id: 'advice',
    header: 'What to change',
    cell: (t) => (
      <ul className="small">
        {t.advice.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    ),
  },
];

/** The deferred tools the search does not find, or cannot tell from a sibling, with the change each needs. */
export function FindabilityTable({ tools }: { tools: FindabilityTool[] }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={tools}
      rowKey={(t) => t.tool}
      label="Deferred tools the search does not find or cannot tell apart"
      testId="findability-flagged"
      emptyMessage="Every deferred tool is found by its own name and description, and none is described like a sibling."
    />
  );
}
