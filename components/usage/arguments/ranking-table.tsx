'use client';

import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { usePagedRows } from '@/components/ui/use-paged-rows';
import { numericColumn } from '@/components/ui/numeric-column';
import { commonMistakes, FAILURE_CLASS_WORDS, wrongKeyText } from '@/lib/arguments/labels';
import type { ToolArgumentSummary } from '@/lib/contracts/arguments';
import { formatNumber, formatPercent } from '@/lib/format';

/** A rate as the tables show it; a rate of nothing is a dash. */
export const rateText = (value: number | null) => (value === null ? '—' : formatPercent(value));

/**
 * Every argument mistake a tool's calls made, most first: "Unexpected key 31 · Missing required 31 ·
 * Wrong type 2". There are four classes at most, and the rarest may be the one to fix.
 */
function mistakesOf(tool: Pick<ToolArgumentSummary, 'classes'>): string {
  return commonMistakes(tool.classes)
    .map((m) => `${FAILURE_CLASS_WORDS[m.class].label} ${formatNumber(m.calls)}`)
    .join(' · ');
}

function columns(onShow: (tool: string) => void): Column<ToolArgumentSummary>[] {
  return [
    { id: 'rank', header: '#', label: 'Rank', numeric: true, className: 'muted', cell: (t) => t.rank },
    { id: 'tool', header: 'Tool', className: 'mono', cell: (t) => t.tool },
    numericColumn('checked', 'Checked', (t) => t.checked, formatNumber, { headerTitle: 'calls whose arguments were checked against the inputSchema' }),
    {
      id: 'wellFormed',
      header: 'Well-formed',
      headerTitle: 'share of checked calls whose arguments broke nothing',
      numeric: true,
      cell: (t) => rateText(t.wellFormedRate),
    },
    {
      id: 'firstCallRight',
      header: 'First call right',
      headerTitle: 'share of sessions whose first call to the tool was well-formed and succeeded',
      numeric: true,
      cell: (t) => rateText(t.firstCallRightRate),
    },
    {
      id: 'problems',
      header: 'Mistakes',
      headerTitle: 'every kind of argument mistake its calls made, most calls first',
      className: 'small',
      cell: (t) => mistakesOf(t) || <span className="muted">none</span>,
    },
    {
      id: 'wrongKeys',
      header: 'Wrong keys',
      headerTitle: 'keys models sent that the tool does not have, and the key each most likely stood for',
      className: 'small mono',
      cell: (t) =>
        t.wrongKeys.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          t.wrongKeys
            .slice(0, 2)
            .map((k) => `${wrongKeyText(k)} (${formatNumber(k.calls)})`)
            .join(', ')
        ),
    },
    {
      id: 'details',
      header: 'Details',
      cell: (t) => (
        <button type="button" className="link" onClick={() => onShow(t.tool)} aria-label={`Why calls to ${t.tool} fail`}>
          By model
        </button>
      ),
    },
  ];
}

/** Ten tools a page: the worst come first, and a search finds any other. */
export const RANKED_TOOLS_PER_PAGE = 10;
const toolName = (t: ToolArgumentSummary) => t.tool;

/** The tools whose schemas models get wrong most, worst first (§arguments). */
export function RankingTable({ tools, onShow }: { tools: ToolArgumentSummary[]; onShow: (tool: string) => void }) {
  const paged = usePagedRows(tools, { pageSize: RANKED_TOOLS_PER_PAGE, searchText: tools.length > RANKED_TOOLS_PER_PAGE ? toolName : undefined });
  const needle = paged.search.trim();
  return (
    <>
      {tools.length > RANKED_TOOLS_PER_PAGE ? <SearchInput label="Search the ranked tools by name" paged={paged} /> : null}
      <DataTable
        columns={columns(onShow)}
        rows={paged.rows}
        rowKey={(t) => t.tool}
        label="Tools ranked by how often their calls were well-formed"
        testId="argument-ranking"
        titleColumn="tool"
        emptyMessage={needle ? `No ranked tool matches “${needle}”.` : undefined}
      />
      <Pager noun="tools" {...paged.pager} />
    </>
  );
}
