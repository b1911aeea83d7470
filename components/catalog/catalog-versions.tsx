'use client';

import { useState } from 'react';
import { useCatalogVersionsQuery } from '@/components/api/use-catalog-versions-query';
import { ErrorNotice, SkeletonRows } from '@/components/ui/query-state';
import { formatDateTime, formatRelative } from '@/lib/format';

const SOURCES: Record<string, string> = {
  api: 'uploaded (API)',
  cli: 'uploaded (CLI)',
  demo: 'demo',
  'sync:manual': 'sync (manual)',
  'sync:schedule': 'sync (schedule)',
  'sync:list_changed': 'sync (list_changed)',
  'sync:connect': 'sync (reconnect)',
};

/** What each catalog version of a server added, removed and changed; loaded when opened. */
export function CatalogVersions({ id, server }: { id: string; server: string }) {
  const [open, setOpen] = useState(false);
  const versions = useCatalogVersionsQuery(id, server, open);
  return (
    <details className="catalog-versions" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Versions</summary>
      {versions.isPending && open ? <SkeletonRows rows={2} label="Loading versions" /> : null}
      {versions.isError ? <ErrorNotice error={versions.error} onRetry={() => versions.refetch()} /> : null}
      {versions.data ? (
        <table className="table" data-testid={`versions-${server}`}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">When</th>
              <th scope="col">How</th>
              <th scope="col" className="num">
                Tools
              </th>
              <th scope="col">What changed</th>
            </tr>
          </thead>
          <tbody>
            {versions.data.versions.map((v) => (
              <tr key={v.version}>
                <td>v{v.version}</td>
                <td className="nowrap" title={formatDateTime(v.createdAt)}>
                  {formatRelative(v.createdAt)}
                </td>
                <td className="nowrap">{SOURCES[v.source] ?? v.source}</td>
                <td className="num">{v.toolCount}</td>
                <td>
                  <ChangeList sign="+" label="added" names={v.added} />
                  <ChangeList sign="−" label="removed" names={v.removed} />
                  <ChangeList sign="~" label="changed" names={v.changed} />
                  {v.added.length + v.removed.length + v.changed.length === 0 ? <span className="muted small">no tool changes</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}

function ChangeList({ sign, label, names }: { sign: string; label: string; names: string[] }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, 12);
  return (
    <div className={`change-list ${label}`}>
      <span className="change-sign" role="img" aria-label={label}>
        {sign}
      </span>{' '}
      <span className="mono small">{shown.join(', ')}</span>
      {names.length > shown.length ? <span className="muted small"> and {names.length - shown.length} more</span> : null}
    </div>
  );
}
