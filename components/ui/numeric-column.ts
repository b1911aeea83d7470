import type { Column } from './data-table';

/**
 * A column of one number per row: right-aligned, sorted by that number, biggest first on the
 * first click (the usual question is "which is most"), shown through `format`.
 */
export function numericColumn<Row>(
  id: string,
  header: Column<Row>['header'],
  value: (row: Row) => number,
  format: (n: number) => string,
  extra: Omit<Partial<Column<Row>>, 'id' | 'header' | 'cell' | 'sort'> = {},
): Column<Row> {
  return {
    id,
    header,
    numeric: true,
    sort: (a, b) => value(a) - value(b),
    firstDirection: 'descending',
    cell: (row) => format(value(row)),
    ...extra,
  };
}
