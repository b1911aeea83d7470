'use client';

import { useLayoutEffect, useRef } from 'react';
import { useRevokeTokenMutation } from '@/components/api/use-revoke-token-mutation';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { QueryView } from '@/components/ui/query-view';
import { formatDateTime, formatRelative } from '@/lib/format';
import { refusalText } from '@/lib/onboarding/refused-scope';
import styles from './token-list.module.css';
import { useConfirmStep } from '@/components/ui/use-confirm-step';

type Token = NonNullable<ReturnType<typeof useTokensQuery>['data']>['tokens'][number];

/** The project's tokens; revoked ones stay listed, greyed, so the history of access stays visible. */
export function TokenList({ projectId }: { projectId: string }) {
  const tokens = useTokensQuery(projectId);
  const active = tokens.data?.tokens.filter((t) => !t.revokedAt).length ?? 0;
  // A revoked token's buttons go; the focus goes on to the next active token's Revoke.
  const revoked = useRef<string | null>(null);
  useLayoutEffect(() => {
    const list = tokens.data?.tokens;
    const at = list?.findIndex((t) => t.id === revoked.current) ?? -1;
    if (!list || at < 0 || !list[at]?.revokedAt) return;
    revoked.current = null;
    const next = [...list.slice(at + 1), ...list.slice(0, at).reverse()].find((t) => !t.revokedAt);
    const target = next ? document.querySelector<HTMLElement>(`button[data-revoke="${next.id}"]`) : document.getElementById('tokens-heading');
    target?.focus();
  }, [tokens.data]);
  const columns = tokenColumns(projectId, (id) => {
    revoked.current = id;
  });
  return (
    <Card aria-labelledby="tokens-heading">
      <CardHeader id="tokens-heading" title="Tokens" focusable note={tokens.data ? `${active} active` : null} />
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

function tokenColumns(projectId: string, onRevoking: (id: string) => void): Column<Token>[] {
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
        ) : t.refused ? (
          <RefusedNote refused={t.refused} />
        ) : (
          <Badge tone="ok">active</Badge>
        ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      className: 'nowrap',
      cell: (t) => (t.revokedAt ? null : <RevokeButton projectId={projectId} token={t} onRevoking={onRevoking} />),
    },
  ];
}

/** Revoking cannot be undone, so it asks once more in place; the focus follows each step. */
function RevokeButton({ projectId, token, onRevoking }: { projectId: string; token: Token; onRevoking: (id: string) => void }) {
  const revoke = useRevokeTokenMutation(projectId);
  const { confirming, toggle, opener: revokeRef, confirm: confirmRef } = useConfirmStep();
  return (
    <>
      {confirming ? (
        <div className="row" style={{ gap: 6 }}>
          <button
            ref={confirmRef}
            type="button"
            className="danger"
            aria-disabled={revoke.isPending || undefined}
            onClick={() => {
              if (revoke.isPending) return;
              onRevoking(token.id);
              revoke.mutate(token.id, { onError: () => toggle(false) });
            }}
          >
            Confirm revoke
          </button>
          <button type="button" onClick={() => toggle(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button ref={revokeRef} type="button" className="danger" data-revoke={token.id} onClick={() => toggle(true)} aria-label={`Revoke ${token.name}`}>
          Revoke
        </button>
      )}
      {revoke.isError ? <ErrorNotice error={revoke.error} /> : null}
    </>
  );
}

/** A token in use but refused for a scope it lacks: its holder half works, and only its stderr would say why. */
export function RefusedNote({ refused }: { refused: NonNullable<Token['refused']> }) {
  return (
    <span className="small tone-warn" data-testid="token-refused" title={formatDateTime(refused.at)}>
      {refusalText(refused)}
    </span>
  );
}
