'use client';

import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { usePagedRows } from '@/components/ui/use-paged-rows';

/** Names drawn at once: a proxy reports up to 1,000 of them. */
const NAMES_PER_PAGE = 50;
const itself = (name: string) => name;

/** The names a proxy gives a new session: searched and paged, since they grow with the catalog. */
export function PresentedNames({ names }: { names: string[] }) {
  const paged = usePagedRows(names, { pageSize: NAMES_PER_PAGE, searchText: itself });
  return (
    <>
      {names.length > NAMES_PER_PAGE ? <SearchInput label="Search these names" paged={paged} /> : null}
      <ul className="mono small">
        {paged.rows.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      {paged.matched === 0 ? <p className="small muted">No name matches “{paged.search.trim()}”.</p> : null}
      <Pager noun="names" {...paged.pager} />
    </>
  );
}
