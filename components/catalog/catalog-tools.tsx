'use client';

import { useMemo, useState } from 'react';
import { type Column, DataTable, type TableSort } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { ToolName } from '@/components/ui/tool-name';
import { tableOrder, usePagedRows } from '@/components/ui/use-paged-rows';
import type { CatalogResponse } from '@/lib/contracts/catalog';
import { firstLine } from '@/lib/format';
import styles from './catalog-panel.module.css';

/** Rows drawn at once: on a phone each is a card, so 15 keep a 3,000-tool Catalog page a few screens long. */
export const CATALOG_TOOLS_PER_PAGE = 15;

interface ToolRow {
  /** server/tool: what favindex calls the tool everywhere. */
  canonical: string;
  description: string | undefined;
  /** Place in the catalog, servers in order: the order before any sort. */
  position: number;
}

const COLUMNS: Column<ToolRow>[] = [
  {
    id: 'name',
    header: 'Canonical name',
    className: 'mono',
    sort: (a, b) => a.canonical.localeCompare(b.canonical),
    cell: (t) => <ToolName name={t.canonical} />,
  },
  { id: 'description', header: 'Description', className: 'muted small', cell: (t) => firstLine(t.description) },
];
const byPosition = (a: ToolRow, b: ToolRow) => a.position - b.position;
const searchText = (t: ToolRow) => `${t.canonical} ${t.description ?? ''}`;

/** Every tool of the catalog in one table: searched by name, server or description, a page at a time. */
export function CatalogTools({ servers }: { servers: CatalogResponse['servers'] }) {
  const all = useMemo(
    () => servers.flatMap((s) => s.tools.map((t) => ({ canonical: `${s.name}/${t.name}`, description: t.description }))).map((t, i) => ({ ...t, position: i })),
    [servers],
  );
  const [sort, setSort] = useState<TableSort | null>(null);
  const order = useMemo(() => tableOrder(COLUMNS, sort, byPosition), [sort]);
  const paged = usePagedRows(all, { pageSize: CATALOG_TOOLS_PER_PAGE, searchText, order });
  const needle = paged.search.trim();
  return (
    <section aria-label="Tools" className={styles.tools}>
      <SearchInput label="Search tools by name, server or description" paged={paged} className={styles.filter} />
      <DataTable
        columns={COLUMNS}
        rows={paged.rows}
        rowKey={(t) => t.canonical}
        label="Catalog tools"
        testId="catalog-tools"
        sort={sort}
        onSortChange={setSort}
        tieBreak={byPosition}
        emptyMessage={needle ? `No tool matches “${needle}”.` : 'No tools.'}
      />
      <Pager noun="tools" {...paged.pager} />
    </section>
  );
}
