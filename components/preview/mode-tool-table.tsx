'use client';

import { useMemo } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { tableOrder, usePagedRows } from '@/components/ui/use-paged-rows';
import { useUrlSort } from '@/components/ui/use-search-state';
import type { ToolMark } from '@/lib/contracts/preview';
import { countOf, firstLine } from '@/lib/format';
import { modeTitle } from '@/lib/surface/mode-traits';
import type { ModePreview, PreviewTool } from '@/lib/surface/preview';
import styles from './mode-tool-table.module.css';

interface ToolRow {
  tool: PreviewTool;
  /** Place in the whole list, placeholders included: what the model sees as its position. */
  position: number;
  marks: ToolMark[];
}

/** A mark as a badge short enough for a table cell; the full message is its title. */
function markLabel(mark: ToolMark): { label: string; tone: BadgeTone } {
  switch (mark.kind) {
    case 'renamed':
      return { label: 'renamed', tone: 'warn' };
    case 'refused-by-client':
      return { label: 'refused by the client', tone: 'danger' };
    case 'refused-by-provider':
      if (mark.message.includes('description')) return { label: 'description too long', tone: 'danger' };
      if (mark.message.includes('twice')) return { label: 'duplicate', tone: 'danger' };
      return { label: 'name rejected', tone: 'danger' };
    case 'too-long':
      return { label: 'too long', tone: 'danger' };
    case 'collision':
      return { label: 'collides', tone: 'danger' };
    case 'unknown':
      return { label: 'not known', tone: 'warn' };
    case 'grouped':
      return { label: 'grouped', tone: 'warn' };
  }
}

const VISIBILITY_BADGE: Record<NonNullable<PreviewTool['visibility']>, { label: string; tone: BadgeTone }> = {
  full: { label: 'loaded', tone: 'ok' },
  name: { label: 'name only', tone: 'neutral' },
  hidden: { label: 'hidden', tone: 'warn' },
};
const VISIBILITY_ORDER = { full: 0, name: 1, hidden: 2, none: 3 } as const;

const COLUMNS: Column<ToolRow>[] = [
  { id: 'position', header: '#', numeric: true, className: 'muted small', sort: (a, b) => a.position - b.position, cell: (r) => r.position },
  {
    id: 'name',
    header: 'Name the model receives',
    className: 'mono',
    sort: (a, b) => a.tool.name.localeCompare(b.tool.name),
    cell: ({ tool, marks }) => (
      <>
        {tool.name}
        {tool.presented ? <div className="small muted">presented as {tool.presented}</div> : null}
        {marks.length > 0 ? (
          <div>
            {marks.map((mark) => {
              const { label, tone } = markLabel(mark);
              return (
                <Badge key={`${mark.kind}-${mark.message}`} tone={tone} className={styles.problemBadge} title={mark.message}>
                  {label}
                </Badge>
              );
            })}
          </div>
        ) : null}
      </>
    ),
  },
  {
    id: 'visibility',
    header: 'Seen as',
    sort: (a, b) => VISIBILITY_ORDER[a.tool.visibility ?? 'none'] - VISIBILITY_ORDER[b.tool.visibility ?? 'none'],
    cell: ({ tool }) =>
      tool.visibility ? (
        <span title={tool.why}>
          <Badge tone={VISIBILITY_BADGE[tool.visibility].tone}>{VISIBILITY_BADGE[tool.visibility].label}</Badge>
          {tool.cut ? (
            <Badge tone="warn" className={styles.problemBadge} title="The client cuts this description: what follows never reaches the model">
              description cut
            </Badge>
          ) : null}
        </span>
      ) : (
        <span className="muted small">not sent</span>
      ),
  },
  {
    id: 'canonical',
    header: 'Canonical',
    className: 'mono small',
    sort: (a, b) => (a.tool.canonical ?? '').localeCompare(b.tool.canonical ?? ''),
    cell: ({ tool }) => tool.canonical ?? <span className="muted">{tool.source}</span>,
  },
  { id: 'description', header: 'Description', className: 'small muted', cell: ({ tool }) => firstLine(tool.description, 140) },
];

const SORTABLE = COLUMNS.filter((c) => c.sort).map((c) => c.id);

const refuses = (marks: ToolMark[]) => marks.some((m) => markLabel(m).tone === 'danger');

/** Rows drawn at once; a mode may list every tool of a catalog of thousands. */
const ROWS_PER_PAGE = 50;
const byPosition = (a: ToolRow, b: ToolRow) => a.position - b.position;
const searchText = ({ tool }: ToolRow) => `${tool.name} ${tool.presented ?? ''} ${tool.canonical ?? tool.source} ${tool.description ?? ''}`;

/** One mode's list in order, by the names the model receives, what happens to each marked on its row. */
export function ModeToolTable({ preview }: { preview: ModePreview }) {
  // Agent tools given as a count come first and have no names: one row stands for them all.
  const placeholders = preview.tools.filter((t) => t.placeholder).length;
  const rows = useMemo<ToolRow[]>(
    () => preview.tools.slice(placeholders).map((tool, i) => ({ tool, position: placeholders + i + 1, marks: tool.marks ?? [] })),
    [preview.tools, placeholders],
  );
  // Kept in the URL with the mode opened, so a shared link shows the list as it was sorted.
  const { sort, onSortChange } = useUrlSort('sort', SORTABLE);
  const order = useMemo(() => tableOrder(COLUMNS, sort, byPosition), [sort]);
  const paged = usePagedRows(rows, { pageSize: ROWS_PER_PAGE, searchText, order });
  const needle = paged.search.trim();
  return (
    <>
      <SearchInput label="Search this list" placeholder="Search by name or description" paged={paged} className={styles.search} />
      <DataTable
        sort={sort}
        onSortChange={onSortChange}
        tieBreak={byPosition}
        columns={COLUMNS}
        rows={paged.rows}
        rowKey={(r) => `${r.position}-${r.tool.name}`}
        label={`${modeTitle(preview.mode)} tools in order`}
        testId="mode-list"
        emptyMessage={needle ? `No tool of this list matches “${needle}”.` : undefined}
        rowClassName={(r) => (refuses(r.marks) ? styles.problem : undefined)}
        leadingRows={
          // The count row belongs before tool 1: on the first page of the whole list only.
          placeholders > 0 && paged.page === 1 && !needle ? (
            <tr>
              <td className={`muted small ${styles.placeholderRange}`}>1–{placeholders}</td>
              <td colSpan={4} className="muted">
                {countOf(placeholders, 'agent tool')}, given as a count: their names and schemas are the agent&apos;s own
              </td>
            </tr>
          ) : null
        }
      />
      <Pager noun="tools" {...paged.pager} />
    </>
  );
}
