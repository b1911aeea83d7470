'use client';

import { useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { CatalogVersions } from '@/components/catalog/catalog-versions';
import { ServerSyncStatus } from '@/components/catalog/server-sync-status';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { CommandBlock } from '@/components/ui/command-block';
import { SearchInput } from '@/components/ui/search-input';
import { QueryView } from '@/components/ui/query-view';
import { ToolName } from '@/components/ui/tool-name';
import { useOrigin } from '@/components/ui/use-origin';
import { catalogPushCommand } from '@/lib/onboarding/first-event';
import { countOf, firstLine, formatRelative } from '@/lib/format';
import styles from './catalog-panel.module.css';

type CatalogServer = NonNullable<ReturnType<typeof useCatalogQuery>['data']>['servers'][number];
type CatalogTool = CatalogServer['tools'][number];

/**
 * The project's catalog: servers in order, each expandable to its tools. With `manage`, each
 * server also shows where it syncs from, its last sync and error, and its version history.
 */
export function CatalogPanel({ id, expanded = false, manage = false }: { id: string; expanded?: boolean; manage?: boolean }) {
  const catalog = useCatalogQuery(id);
  const origin = useOrigin();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  return (
    <Card aria-labelledby="catalog-heading">
      <CardHeader
        id="catalog-heading"
        title="Catalog"
        note={
          catalog.data ? (
            <span data-testid="catalog-summary">
              {countOf(catalog.data.servers.length, 'server')} · {countOf(catalog.data.toolCount, 'tool')}
            </span>
          ) : null
        }
      />
      <QueryView
        query={catalog}
        loadingLabel="Loading catalog"
        loadingRows={3}
        isEmpty={(data) => data.servers.length === 0}
        empty={
          <EmptyState>
            No catalog yet. Sync a server from its MCP URL or upload its <code>tools/list</code> file (above), or push it from a shell:
            <CommandBlock command={catalogPushCommand(origin, id)} label="The catalog push command" />
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <SearchInput label="Filter tools" placeholder="Filter tools" value={filter} onChange={setFilter} className={styles.filter} />
            {data.servers.map((server) => {
              const tools = needle
                ? server.tools.filter((t) => `${server.name}/${t.name} ${t.description ?? ''}`.toLowerCase().includes(needle))
                : server.tools;
              if (needle && tools.length === 0) return null;
              return (
                <details key={server.name} className={styles.server} open={expanded || needle !== ''}>
                  <ServerSummary server={server} />
                  {manage && server.sync ? <ServerSyncStatus id={id} server={server.name} sync={server.sync} /> : null}
                  {manage ? <CatalogVersions id={id} server={server.name} /> : null}
                  <DataTable columns={toolColumns(server.name)} rows={tools} rowKey={(t) => t.name} label={`${server.name} tools`} />
                </details>
              );
            })}
          </>
        )}
      </QueryView>
    </Card>
  );
}

function ServerSummary({ server }: { server: CatalogServer }) {
  return (
    <summary>
      <strong>{server.name}</strong>{' '}
      <span className="muted">
        · {countOf(server.toolCount, 'tool')} · v{server.version}
      </span>{' '}
      <span className="muted small" title={server.fingerprint}>
        updated {formatRelative(server.updatedAt)}
      </span>{' '}
      {server.sync ? <Badge tone="accent">live</Badge> : null} {server.sync?.lastError ? <Badge tone="danger">sync failing</Badge> : null}
    </summary>
  );
}

function toolColumns(server: string): Column<CatalogTool>[] {
  return [
    { id: 'name', header: 'Canonical name', className: 'mono', cell: (tool) => <ToolName name={`${server}/${tool.name}`} /> },
    { id: 'description', header: 'Description', className: 'muted small', cell: (tool) => firstLine(tool.description) },
  ];
}
