'use client';

import { useState, type FormEvent } from 'react';
import { useCreateTokenMutation } from '@/components/api/use-create-token-mutation';
import { useRevokeTokenMutation } from '@/components/api/use-revoke-token-mutation';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { ErrorNotice, SkeletonRows } from '@/components/ui/query-state';
import { formatDateTime, formatRelative } from '@/lib/format';
import { DEFAULT_TOKEN_SCOPES, TOKEN_SCOPE_HELP, TOKEN_SCOPES, type TokenScope, type TokenView } from '@/lib/schemas/tokens';

/** Project tokens for proxies (§auth): create (the secret is shown once), list, revoke. */
export function TokensPanel({ projectId }: { projectId: string }) {
  return (
    <>
      <CreateTokenForm projectId={projectId} />
      <TokenList projectId={projectId} />
    </>
  );
}

function CreateTokenForm({ projectId }: { projectId: string }) {
  const create = useCreateTokenMutation(projectId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([...DEFAULT_TOKEN_SCOPES]);
  const valid = name.trim() !== '' && scopes.length > 0;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    const created = await create.mutateAsync({ name: name.trim(), scopes }).catch(() => null);
    if (created) setName('');
  }

  function toggle(scope: TokenScope, on: boolean) {
    setScopes((current) => TOKEN_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));
  }

  return (
    <form className="card" onSubmit={onSubmit} aria-labelledby="new-token-heading">
      <h2 id="new-token-heading">New token</h2>
      <p className="small muted" style={{ marginTop: 0 }}>
        A proxy sends it as <code>Authorization: Bearer &lt;token&gt;</code>. It opens this project only.
      </p>
      <div className="row" style={{ alignItems: 'flex-end' }}>
        <label className="field" style={{ flex: 1 }}>
          Token name
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="claude-code proxy on ci-runner-3" maxLength={100} />
        </label>
        <button type="submit" className="primary" disabled={!valid || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </div>
      <fieldset className="scope-grid">
        <legend className="small muted">Scopes: a proxy needs the first two; the CLI and scripts the others</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="small">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
            <span>
              <code>{scope}</code> <span className="muted">{TOKEN_SCOPE_HELP[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {scopes.length === 0 ? (
        <div className="small muted" style={{ marginTop: 6 }}>
          Pick at least one scope.
        </div>
      ) : null}
      {create.isError ? (
        <div style={{ marginTop: 10 }}>
          <ErrorNotice error={create.error} />
        </div>
      ) : null}
      {create.data ? <NewSecret name={create.data.name} secret={create.data.token} onDone={() => create.reset()} /> : null}
    </form>
  );
}

/** The one time the secret is on screen; "Done" drops it from memory. */
function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="alert secret-reveal" role="status" style={{ marginTop: 12 }}>
      <strong>Copy the token for “{name}” now: it will not be shown again.</strong>
      <div className="row" style={{ marginTop: 8 }}>
        <code className="secret" data-testid="new-token-secret">
          {secret}
        </code>
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function TokenList({ projectId }: { projectId: string }) {
  const tokens = useTokensQuery(projectId);
  const active = tokens.data?.tokens.filter((t) => !t.revokedAt).length ?? 0;
  return (
    <section className="card" aria-labelledby="tokens-heading">
      <div className="card-header">
        <h2 id="tokens-heading">Tokens</h2>
        {tokens.data ? <span className="small muted">{active} active</span> : null}
      </div>
      {tokens.isPending ? <SkeletonRows rows={3} label="Loading tokens" /> : null}
      {tokens.isError ? <ErrorNotice error={tokens.error} onRetry={() => tokens.refetch()} /> : null}
      {tokens.data && tokens.data.tokens.length === 0 ? (
        <div className="empty">No tokens yet. Create one for each proxy or agent that sends events or reads the surface.</div>
      ) : null}
      {tokens.data && tokens.data.tokens.length > 0 ? (
        <div className="table-scroll">
          <table className="table" data-testid="tokens-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Token</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.tokens.map((token) => (
                <TokenRow key={token.id} projectId={projectId} token={token} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function TokenRow({ projectId, token }: { projectId: string; token: TokenView }) {
  const revoke = useRevokeTokenMutation(projectId);
  const [confirming, setConfirming] = useState(false);
  return (
    <tr className={token.revokedAt ? 'revoked' : undefined}>
      <td>{token.name}</td>
      <td className="mono nowrap">{token.prefix}…</td>
      <td>
        <div className="row" style={{ gap: 4 }}>
          {token.scopes.map((scope) => (
            <span key={scope} className="badge">
              {scope}
            </span>
          ))}
        </div>
      </td>
      <td className="small nowrap" title={formatDateTime(token.createdAt)}>
        {formatRelative(token.createdAt)}
      </td>
      <td className="small nowrap" title={token.lastUsedAt ? formatDateTime(token.lastUsedAt) : undefined}>
        {token.lastUsedAt ? formatRelative(token.lastUsedAt) : <span className="muted">never</span>}
      </td>
      <td>
        {token.revokedAt ? (
          <span className="badge danger" title={formatDateTime(token.revokedAt)}>
            revoked
          </span>
        ) : (
          <span className="badge ok">active</span>
        )}
      </td>
      <td className="nowrap">
        {token.revokedAt ? null : confirming ? (
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
      </td>
    </tr>
  );
}
