'use client';

import { useState } from 'react';
import { useRevokeTokenMutation } from '@/components/api/use-revoke-token-mutation';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { QueryView } from '@/components/ui/query-view';
import { formatDateTime, formatRelative } from '@/lib/format';
import styles from './token-list.module.css';

type Token = NonNullable<ReturnType<typeof useTokensQuery>['data']>['tokens'][number];

/** The project's tokens; revoked ones stay listed, greyed, so the history of access stays visible. */
export function TokenList({ projectId }: { projectId: string }) {
  const tokens = useTokensQuery(projectId);
  const active = tokens.data?.tokens.filter((t) => !t.revokedAt).length ?? 0;
  const columns = tokenColumns(projectId);
  return (
    <Card aria-labelledby="tokens-heading">
      <CardHeader id="tokens-heading" title="Tokens">
        {tokens.data ? <span className="small muted">{active} active</span> : null}
      </CardHeader>
      <QueryView
        query={tokens}
        loadingLabel="Loading tokens"
        loadingRows={3}
        isEmpty={(data) => data.tokens.length === 0}
        empty={<EmptyState>No tokens yet. Create one for each proxy or agent that sends events or reads the surface.</EmptyState>}
      >
        {(data) => (
          <DataTable
            columns={columns}
            rows={data.tokens}
            rowKey={(t) => t.id}
            labelledBy="tokens-heading"
            testId="tokens-table"
            rowClassName={(t) => (t.revokedAt ? styles.revoked : undefined)}
          />
        )}
      </QueryView>
    </Card>
  );
}

function tokenColumns(projectId: string): Column<Token>[] {
  return [
    { id: 'name', header: 'Name', cell: (t) => t.name },
    { id: 'prefix', header: 'Token', className: 'mono nowrap', cell: (t) => `${t.prefix}…` },
    {
      id: 'scopes',
      header: 'Scopes',
      cell: (t) => (
        <div className="row" style={{ gap: 4 }}>
          {t.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
        </div>
      ),
    },
    { id: 'created', header: 'Created', className: 'small nowrap', cellTitle: (t) => formatDateTime(t.createdAt), cell: (t) => formatRelative(t.createdAt) },
    {
      id: 'lastUsed',
      header: 'Last used',
      className: 'small nowrap',
      cellTitle: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : undefined),
      cell: (t) => (t.lastUsedAt ? formatRelative(t.lastUsedAt) : <span className="muted">never</span>),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (t) =>
        t.revokedAt ? (
          <Badge tone="danger" title={formatDateTime(t.revokedAt)}>
            revoked
          </Badge>
        ) : (
          <Badge tone="ok">active</Badge>
        ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      className: 'nowrap',
      cell: (t) => (t.revokedAt ? null : <RevokeButton projectId={projectId} token={t} />),
    },
  ];
}

/** Revoking cannot be undone, so it asks once more in place. */
function RevokeButton({ projectId, token }: { projectId: string; token: Token }) {
  const revoke = useRevokeTokenMutation(projectId);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {confirming ? (
        <div className="row" style={{ gap: 6 }}>
          <button
            type="button"
            className="danger"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(token.id, { onSettled: () => setConfirming(false) })}
          >
            Confirm revoke
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
          Revoke
        </button>
      )}
      {revoke.isError ? <ErrorNotice error={revoke.error} /> : null}
    </>
  );
}
