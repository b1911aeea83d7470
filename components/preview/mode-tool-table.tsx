import { Badge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { firstLine } from '@/lib/format';
import type { ModePreview, PreviewTool } from '@/lib/surface/preview';
import styles from './mode-tool-table.module.css';

interface ToolRow {
  tool: PreviewTool;
  /** Place in the whole list, placeholders included: what the model sees as its position. */
  position: number;
  issues: string[];
}

/** The badge for what the target rejects, short enough for a table cell; the full message is its title. */
function issueLabel(issue: string): string {
  if (issue.includes('description')) return 'description too long';
  if (issue.includes('twice')) return 'duplicate';
  return 'name rejected';
}

const COLUMNS: Column<ToolRow>[] = [
  { id: 'position', header: '#', numeric: true, className: 'muted small', cell: (r) => r.position },
  {
    id: 'name',
    header: 'Presented name',
    className: 'mono',
    cell: ({ tool, issues }) => (
      <>
        {tool.name}
        {issues.length > 0 ? (
          <div>
            {issues.map((issue) => (
              <Badge key={issue} tone="danger" className={styles.problemBadge} title={issue}>
                {issueLabel(issue)}
              </Badge>
            ))}
          </div>
        ) : null}
      </>
    ),
  },
  { id: 'canonical', header: 'Canonical', className: 'mono small', cell: ({ tool }) => tool.canonical ?? <span className="muted">{tool.source}</span> },
  { id: 'description', header: 'Description', className: 'small muted', cell: ({ tool }) => firstLine(tool.description, 140) },
];

/** One mode's list in order, problems marked on their rows. */
export function ModeToolTable({ preview }: { preview: ModePreview }) {
  // Agent tools given as a count come first and have no names: one row stands for them all.
  const placeholders = preview.tools.filter((t) => t.placeholder).length;
  const problems = new Map<string, string[]>();
  for (const p of preview.problems) problems.set(p.name, [...(problems.get(p.name) ?? []), p.message]);
  const rows: ToolRow[] = preview.tools.slice(placeholders).map((tool, i) => ({ tool, position: placeholders + i + 1, issues: problems.get(tool.name) ?? [] }));
  return (
    <DataTable
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => `${r.position}-${r.tool.name}`}
      label={`${preview.mode} tools in order`}
      testId="mode-list"
      rowClassName={(r) => (r.issues.length > 0 ? styles.problem : undefined)}
      leadingRows={
        placeholders > 0 ? (
          <tr>
            <td className={`muted small ${styles.placeholderRange}`}>1–{placeholders}</td>
            <td colSpan={3} className="muted">
              {placeholders} agent tools, given as a count: their names and schemas are the agent&apos;s own
            </td>
          </tr>
        ) : null
      }
    />
  );
}
