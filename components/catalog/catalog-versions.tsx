'use client';

import { useState } from 'react';
import { useCatalogVersionsQuery } from '@/components/api/use-catalog-versions-query';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryView } from '@/components/ui/query-view';
import { cx } from '@/components/ui/class-names';
import { formatDateTime, formatRelative } from '@/lib/format';
import styles from './catalog-versions.module.css';

const SOURCES: Record<string, string> = {
  api: 'uploaded (API)',
  cli: 'uploaded (CLI)',
  demo: 'demo',
  'sync:manual': 'sync (manual)',
  'sync:schedule': 'sync (schedule)',
  'sync:list_changed': 'sync (list_changed)',
  'sync:connect': 'sync (reconnect)',
};

type CatalogVersion = NonNullable<ReturnType<typeof useCatalogVersionsQuery>['data']>['versions'][number];

const COLUMNS: Column<CatalogVersion>[] = [
  { id: 'version', header: 'Version', cell: (v) => `v${v.version}` },
  { id: 'when', header: 'When', className: 'nowrap', cellTitle: (v) => formatDateTime(v.createdAt), cell: (v) => formatRelative(v.createdAt) },
  { id: 'how', header: 'How', className: 'nowrap', cell: (v) => SOURCES[v.source] ?? v.source },
  { id: 'tools', header: 'Tools', numeric: true, cell: (v) => v.toolCount },
  {
    id: 'changes',
    header: 'What changed',
    cell: (v) => (
      <>
        <ChangeList sign="+" label="added" names={v.added} />
        <ChangeList sign="−" label="removed" names={v.removed} />
        <ChangeList sign="~" label="changed" names={v.changed} />
        {v.added.length + v.removed.length + v.changed.length === 0 ? <span className="muted small">no tool changes</span> : null}
      </>
    ),
  },
];

/** What each catalog version of a server added, removed and changed; loaded when opened. */
export function CatalogVersions({ id, server }: { id: string; server: string }) {
  const [open, setOpen] = useState(false);
  const versions = useCatalogVersionsQuery(id, server, open);
  return (
    <details className={styles.versions} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Versions</summary>
      {/* Closed, the query does not run: there is nothing to wait for. */}
      {open ? (
        <QueryView query={versions} loadingLabel="Loading versions" loadingRows={2}>
          {(data) => (
            <DataTable
              columns={COLUMNS}
              rows={data.versions}
              rowKey={(v) => String(v.version)}
              label={`${server} catalog versions`}
              testId={`versions-${server}`}
            />
          )}
        </QueryView>
      ) : null}
    </details>
  );
}

const SIGN_TONE = { added: 'tone-ok', removed: 'tone-danger', changed: 'tone-warn' } as const;

function ChangeList({ sign, label, names }: { sign: string; label: 'added' | 'removed' | 'changed'; names: string[] }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, 12);
  return (
    <div>
      <span className={cx(styles.sign, SIGN_TONE[label])} role="img" aria-label={label}>
        {sign}
      </span>{' '}
      <span className="mono small">{shown.join(', ')}</span>
      {names.length > shown.length ? <span className="muted small"> and {names.length - shown.length} more</span> : null}
    </div>
  );
}
