'use client';

import { isValidElement, type ReactNode, useMemo, useRef, useState } from 'react';
import { cx } from './class-names';
import styles from './data-table.module.css';
import { EmptyState } from './empty-state';
import { useTableLayout } from './use-table-layout';

export type SortDirection = 'ascending' | 'descending';

export interface Column<Row> {
  /** Stable within the table: the React key, and what `initialSort` names. */
  id: string;
  header: ReactNode;
  /** Shown on hover over the header, for what the short header cannot say. */
  headerTitle?: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Right-aligned with tabular figures, so digits line up down the column. */
  numeric?: boolean;
  /** The text style of the column's cells (e.g. `mono`, `small muted`); a function when it depends on the value. */
  className?: string | ((row: Row) => string | undefined);
  /** Shown on hover over a cell, e.g. the exact time behind "3 min ago". */
  cellTitle?: (row: Row) => string | undefined;
  /** Orders two rows by this column, ascending. With it, the header is a button that sorts. */
  sort?: (a: Row, b: Row) => number;
  /**
   * The header is a button that sorts, the rows coming in that order already: for a list
   * ordered where it is paged (the API), whose table only shows and reports the sort.
   */
  sortable?: true;
  /** Where the first click starts; later clicks flip it. */
  firstDirection?: SortDirection;
  /** The column's name in words where the header is a symbol or markup: a phone card's label and a "Sort by" choice. */
  label?: string;
}

export interface TableSort {
  column: string;
  direction: SortDirection;
}

interface Props<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** The table's accessible name: a label, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** A visible line above the header row. */
  caption?: ReactNode;
  testId?: string;
  /** Shown instead of the table when there are no rows; without it an empty table keeps its header. */
  emptyMessage?: ReactNode;
  rowClassName?: (row: Row, index: number) => string | undefined;
  rowTitle?: (row: Row, index: number) => string | undefined;
  initialSort?: TableSort;
  /** The sort held by the caller (e.g. in the URL): with it, the table only reports clicks through onSortChange. */
  sort?: TableSort | null;
  onSortChange?: (next: TableSort) => void;
  /** Orders rows the sorted column finds equal, e.g. by rank, so equal rows do not swap on re-sort. */
  tieBreak?: (a: Row, b: Row) => number;
  /** Rows that are not data and come first, e.g. one row standing for many unnamed ones. */
  leadingRows?: ReactNode;
  /** The column whose cell titles a row's card in the narrow layout; the first column by default. */
  titleColumn?: string;
}

/** Every table of the dashboard: columns as data, optional sorting from the header, one look. */
export function DataTable<Row>(props: Props<Row>) {
  const { columns, rows, rowKey, label, labelledBy, caption, testId, emptyMessage, rowClassName, rowTitle, initialSort, tieBreak, leadingRows } = props;
  const titleColumn = props.titleColumn ?? columns[0]?.id;
  const [ownSort, setOwnSort] = useState<TableSort | null>(initialSort ?? null);
  const controlled = props.onSortChange !== undefined;
  const sort = controlled ? (props.sort ?? null) : ownSort;
  const sorted = useMemo(() => sortRows(rows, columns, sort, tieBreak), [rows, columns, sort, tieBreak]);
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  useTableLayout(frame, scroller, sorted, columns);

  if (rows.length === 0 && !leadingRows && emptyMessage) return <EmptyState>{emptyMessage}</EmptyState>;

  function pick(next: TableSort) {
    if (controlled) props.onSortChange?.(next);
    else setOwnSort(next);
  }
  function toggle(column: Column<Row>) {
    pick(
      sort?.column === column.id
        ? { column: column.id, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column: column.id, direction: column.firstDirection ?? 'ascending' },
    );
  }

  // Where the table has no room (a phone, or a narrow card) each row is drawn as a card by CSS
  // (useTableLayout chooses): the markup stays one table, so screen readers keep rows, columns and headers.
  return (
    <div ref={frame} className={styles.frame}>
      <PhoneSort columns={columns} sort={sort} onPick={pick} />
      <div ref={scroller} className={styles.scroll}>
        <table className={styles.table} aria-label={label} aria-labelledby={labelledBy} data-testid={testId}>
          {caption ? <caption className={styles.caption}>{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.id} column={column} sort={sort} onSort={() => toggle(column)} />
              ))}
            </tr>
          </thead>
          <tbody>
            {leadingRows}
            {sorted.map((row, index) => (
              <tr key={rowKey(row, index)} className={rowClassName?.(row, index)} title={rowTitle?.(row, index)}>
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cx(
                      column.numeric && styles.numeric,
                      column.id === titleColumn && styles.title,
                      typeof column.className === 'function' ? column.className(row) : column.className,
                    )}
                    title={column.cellTitle?.(row)}
                    data-label={labelOf(column)}
                  >
                    <div className={styles.value}>{column.cell(row, index)}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A column's name as plain text: its label, else its header's words (a header hidden for screen readers has some too). */
export function labelOf<Row>(column: Column<Row>): string {
  return column.label ?? textOf(column.header) ?? column.headerTitle ?? column.id;
}

function textOf(node: ReactNode): string | undefined {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return undefined;
}

/**
 * The narrow layout hides the header row (kept for screen readers), and with it the header
 * buttons that sort: the same choice is offered here instead, shown only in that layout.
 */
function PhoneSort<Row>({ columns, sort, onPick }: { columns: Column<Row>[]; sort: TableSort | null; onPick: (next: TableSort) => void }) {
  const sortable = columns.filter(sorts);
  if (sortable.length === 0) return null;
  const current = sortable.find((c) => c.id === sort?.column);
  const direction = current && sort ? sort.direction : null;
  return (
    <div className={styles.phoneSort}>
      <label>
        Sort by{' '}
        <select
          value={current?.id ?? ''}
          onChange={(e) => {
            const column = sortable.find((c) => c.id === e.target.value);
            if (column) onPick({ column: column.id, direction: column.firstDirection ?? 'ascending' });
          }}
        >
          {current ? null : <option value="">as listed</option>}
          {sortable.map((c) => (
            <option key={c.id} value={c.id}>
              {labelOf(c)}
            </option>
          ))}
        </select>
      </label>
      {current && direction ? (
        <button
          type="button"
          className={styles.flip}
          aria-label={`${direction === 'ascending' ? 'Ascending' : 'Descending'}: press to reverse`}
          onClick={() => onPick({ column: current.id, direction: direction === 'ascending' ? 'descending' : 'ascending' })}
        >
          {direction === 'ascending' ? 'Ascending ▲' : 'Descending ▼'}
        </button>
      ) : null}
    </div>
  );
}

function HeaderCell<Row>({ column, sort, onSort }: { column: Column<Row>; sort: TableSort | null; onSort: () => void }) {
  const className = column.numeric ? styles.numeric : undefined;
  if (!sorts(column)) {
    return (
      <th scope="col" className={className} title={column.headerTitle}>
        {column.header}
      </th>
    );
  }
  const direction = sort?.column === column.id ? sort.direction : null;
  return (
    <th scope="col" className={className} title={column.headerTitle} aria-sort={direction ?? 'none'}>
      <button type="button" className={styles.sort} onClick={onSort}>
        {column.header}
        <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

function sorts<Row>(column: Column<Row>): boolean {
  return column.sort !== undefined || column.sortable === true;
}

function sortRows<Row>(rows: readonly Row[], columns: Column<Row>[], sort: TableSort | null, tieBreak?: (a: Row, b: Row) => number): readonly Row[] {
  const compare = sort ? columns.find((c) => c.id === sort.column)?.sort : undefined;
  if (!sort || !compare) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b) || (tieBreak ? tieBreak(a, b) : 0));
}
