'use client';

import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import type { ToolMark } from '@/lib/contracts/preview';
import { countOf, firstLine } from '@/lib/format';
import { modeTitle } from '@/lib/surface/mode-traits';
import type { ModePreview, PreviewTool } from '@/lib/surface/preview';
import styles from './mode-tool-table.module.css';
import type { ModeList } from './use-mode-list';

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

const COLUMNS: Column<ToolRow>[] = [
  { id: 'position', header: '#', numeric: true, className: 'muted small', sortable: true, cell: (r) => r.position },
  {
    id: 'name',
    header: 'Name the model receives',
    className: 'mono',
    sortable: true,
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
    sortable: true,
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
    sortable: true,
    cell: ({ tool }) => tool.canonical ?? <span className="muted">{tool.source}</span>,
  },
  { id: 'description', header: 'Description', className: 'small muted', cell: ({ tool }) => firstLine(tool.description, 140) },
];

const refuses = (marks: ToolMark[]) => marks.some((m) => markLabel(m).tone === 'danger');

/**
 * One page of a mode's list, by the names the model receives, what happens to each marked on
 * its row: the API searches, orders and pages the whole list (useModeList), this draws the page.
 */
export function ModeToolTable({ preview, list }: { preview: ModePreview; list: ModeList }) {
  // Agent tools given as a count come first and have no names: one row stands for them all.
  const placeholders = preview.tokens.placeholdersExcluded;
  const rows: ToolRow[] = preview.tools.map((tool, i) => ({ tool, position: tool.position ?? preview.page.offset + i + 1, marks: tool.marks ?? [] }));
  const searched = list.searched;
  return (
    <>
      <SearchInput label="Search this list" placeholder="Search by name or description" paged={list} className={styles.search} />
      <DataTable
        sort={list.sort}
        onSortChange={list.onSortChange}
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => `${r.position}-${r.tool.name}`}
        label={`${modeTitle(preview.mode)} tools in order`}
        testId="mode-list"
        emptyMessage={searched ? `No tool of this list matches “${searched}”.` : undefined}
        rowClassName={(r) => (refuses(r.marks) ? styles.problem : undefined)}
        leadingRows={
          // The count row belongs before tool 1: on the first page of the whole list only.
          placeholders > 0 && list.page === 1 && !searched ? (
            <tr>
              <td className={`muted small ${styles.placeholderRange}`}>1–{placeholders}</td>
              <td colSpan={4} className="muted">
                {countOf(placeholders, 'agent tool')}, given as a count: their names and schemas are the agent&apos;s own
              </td>
            </tr>
          ) : null
        }
      />
      <Pager noun="tools" {...list.pager} />
    </>
  );
}
