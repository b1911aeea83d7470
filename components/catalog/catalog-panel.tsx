'use client';

import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { CatalogTools } from '@/components/catalog/catalog-tools';
import { CatalogVersions } from '@/components/catalog/catalog-versions';
import { ServerSyncStatus } from '@/components/catalog/server-sync-status';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { CommandBlock } from '@/components/ui/command-block';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { usePagedRows } from '@/components/ui/use-paged-rows';
import { useOrigin } from '@/components/ui/use-origin';
import type { CatalogResponse, CatalogServerView } from '@/lib/contracts/catalog';
import { countOf, formatRelative } from '@/lib/format';
import { catalogPushCommand } from '@/lib/onboarding/first-event';
import styles from './catalog-panel.module.css';

/** Servers drawn at once: a project may hold 100, each with its sync status and versions. */
const SERVERS_PER_PAGE = 20;

/**
 * The project's catalog: its servers in order (with `manage`, where each syncs from, its last sync
 * and error, and its version history), then every tool of every server in one searchable, paged
 * table, so a catalog of thousands of tools is still a page a person can scroll.
 */
export function CatalogPanel({ id, expanded = false, manage = false }: { id: string; expanded?: boolean; manage?: boolean }) {
  const catalog = useCatalogQuery(id);
  const origin = useOrigin();
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
            <ServerList id={id} servers={data.servers} expanded={expanded} manage={manage} />
            <CatalogTools servers={data.servers} />
          </>
        )}
      </QueryView>
    </Card>
  );
}

function ServerList({ id, servers, expanded, manage }: { id: string; servers: CatalogResponse['servers']; expanded: boolean; manage: boolean }) {
  const paged = usePagedRows(servers, { pageSize: SERVERS_PER_PAGE });
  return (
    <section aria-label="Servers" className={styles.servers}>
      {paged.rows.map((server) =>
        manage ? (
          <details key={server.name} className={styles.server} open={expanded}>
            <ServerSummary server={server} />
            {server.sync ? <ServerSyncStatus id={id} server={server.name} sync={server.sync} /> : null}
            <CatalogVersions id={id} server={server.name} />
          </details>
        ) : (
          <div key={server.name} className={styles.server}>
            <ServerLine server={server} />
          </div>
        ),
      )}
      <Pager noun="servers" {...paged.pager} />
    </section>
  );
}

function ServerSummary({ server }: { server: CatalogServerView }) {
  return (
    <summary>
      <ServerLine server={server} />
    </summary>
  );
}

function ServerLine({ server }: { server: CatalogServerView }) {
  return (
    <>
      <strong>{server.name}</strong>{' '}
      <span className="muted">
        · {countOf(server.toolCount, 'tool')} · v{server.version}
      </span>{' '}
      <span className="muted small" title={server.fingerprint}>
        updated {formatRelative(server.updatedAt)}
      </span>{' '}
      {server.sync ? <Badge tone="accent">live</Badge> : null} {server.sync?.lastError ? <Badge tone="danger">sync failing</Badge> : null}
    </>
  );
}
