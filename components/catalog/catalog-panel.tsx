'use client';

import { useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { CatalogVersions } from '@/components/catalog/catalog-versions';
import { ServerSyncStatus } from '@/components/catalog/server-sync-status';
import { ErrorNotice, SkeletonRows } from '@/components/ui/query-state';
import { formatRelative, firstLine } from '@/lib/format';

/**
 * The project's catalog: servers in order, each expandable to its tools. With `manage`, each
 * server also shows where it syncs from, its last sync and error, and its version history.
 */
export function CatalogPanel({ id, expanded = false, manage = false }: { id: string; expanded?: boolean; manage?: boolean }) {
  const catalog = useCatalogQuery(id);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  return (
    <section className="card" aria-labelledby="catalog-heading">
      <div className="card-header">
        <h2 id="catalog-heading">Catalog</h2>
        {catalog.data ? (
          <span className="muted" data-testid="catalog-summary">
            {catalog.data.servers.length} servers · {catalog.data.toolCount} tools
          </span>
        ) : null}
      </div>
      {catalog.isPending ? <SkeletonRows rows={3} label="Loading catalog" /> : null}
      {catalog.isError ? <ErrorNotice error={catalog.error} onRetry={() => catalog.refetch()} /> : null}
      {catalog.data && catalog.data.servers.length === 0 ? (
        <div className="empty">
          No catalog yet. Sync a server from its MCP URL, or upload its <code>tools/list</code> result with{' '}
          <code>PUT /api/projects/{id}/catalog/&lt;server&gt;</code>.
        </div>
      ) : null}
      {catalog.data && catalog.data.servers.length > 0 ? (
        <>
          <input
            type="search"
            placeholder="Filter tools"
            aria-label="Filter tools"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8, width: 260 }}
          />
          {catalog.data.servers.map((server) => {
            const tools = needle ? server.tools.filter((t) => `${server.name}/${t.name} ${t.description ?? ''}`.toLowerCase().includes(needle)) : server.tools;
            if (needle && tools.length === 0) return null;
            return (
              <details key={server.name} className="server" open={expanded || needle !== ''}>
                <summary>
                  <strong>{server.name}</strong>{' '}
                  <span className="muted">
                    · {server.toolCount} tools · v{server.version}
                  </span>{' '}
                  <span className="muted small" title={server.fingerprint}>
                    updated {formatRelative(server.updatedAt)}
                  </span>{' '}
                  {server.sync ? <span className="badge accent">live</span> : null}{' '}
                  {server.sync?.lastError ? <span className="badge danger">sync failing</span> : null}
                </summary>
                {manage && server.sync ? <ServerSyncStatus id={id} server={server.name} sync={server.sync} /> : null}
                {manage ? <CatalogVersions id={id} server={server.name} /> : null}
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">Canonical name</th>
                      <th scope="col">Description</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tools.map((tool) => (
                      <tr key={tool.name}>
                        <td className="mono">
                          {server.name}/{tool.name}
                        </td>
                        <td className="muted small">{firstLine(tool.description)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            );
          })}
        </>
      ) : null}
    </section>
  );
}
