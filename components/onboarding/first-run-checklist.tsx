'use client';

import { PageLink } from '@/components/ui/page-link';
import { type FormEvent, useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { useCreateTokenMutation } from '@/components/api/use-create-token-mutation';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { CommandBlock } from '@/components/ui/command-block';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ToolName } from '@/components/ui/tool-name';
import { useOrigin } from '@/components/ui/use-origin';
import type { EventView } from '@/lib/contracts/events';
import { countOf, formatDateTime } from '@/lib/format';
import { catalogPushCommand } from '@/lib/onboarding/first-event';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { FirstEventCommand } from './first-event-command';
import styles from './first-run-checklist.module.css';

interface Props {
  id: string;
  /** The first event, once it has come while the checklist watched; null while waiting. */
  firstEvent: EventView | null;
  /** The secret of a token made here (shown in the command), or null. */
  token: string | null;
  onToken: (secret: string) => void;
  onDismiss: () => void;
}

/** A new project's way to its first event: a catalog, a token, a command to run, and the wait for the event. */
export function FirstRunChecklist({ id, firstEvent, token, onToken, onDismiss }: Props) {
  const catalog = useCatalogQuery(id);
  const tokens = useTokensQuery(id);
  const origin = useOrigin();
  const base = `/projects/${encodeURIComponent(id)}`;
  const servers = catalog.data?.servers ?? [];
  const activeTokens = tokens.data?.tokens.filter((t) => !t.revokedAt).length ?? 0;
  return (
    <Card aria-labelledby="start-heading" data-testid="first-run">
      <h2 id="start-heading">Get {id} its first event</h2>
      <p className="small muted">favindex ranks what your models call. Give it the tools they can call, then send it calls as they happen.</p>
      <ol className={styles.steps}>
        <Step n={1} done={servers.length > 0} title="Add the catalog: the tools your agent can call">
          {servers.length > 0 ? (
            <p className="small">
              {servers.map((s) => `${s.name} (${countOf(s.toolCount, 'tool')})`).join(', ')}. <PageLink href={`${base}/catalog`}>Add another server</PageLink>
            </p>
          ) : (
            <>
              <p className="small">
                On the <PageLink href={`${base}/catalog`}>Catalog tab</PageLink>: sync a server from its MCP URL, or upload the JSON it answers to{' '}
                <code>tools/list</code>. Or read a local (stdio) server from a shell:
              </p>
              <CommandBlock command={catalogPushCommand(origin, id)} label="The catalog push command" />
            </>
          )}
        </Step>
        <Step n={2} done={token !== null || activeTokens > 0} title="Make a token for the proxy">
          {token ? (
            <p className="small">A token with {PROXY_SCOPES.join(', ')} is in the commands below.</p>
          ) : (
            <TokenStep id={id} activeTokens={activeTokens} onToken={onToken} />
          )}
        </Step>
        <Step n={3} done={firstEvent !== null} title="Send a first event">
          <FirstEventCommand id={id} token={token} />
        </Step>
        <Step n={4} done={firstEvent !== null} title="See it arrive">
          <FirstEventStatus base={base} firstEvent={firstEvent} onDismiss={onDismiss} />
        </Step>
      </ol>
    </Card>
  );
}

function Step({ n, done, title, children }: { n: number; done: boolean; title: string; children: React.ReactNode }) {
  return (
    <li className={cx(styles.step, done && styles.done)}>
      <span className={styles.mark} aria-hidden="true">
        {done ? '✓' : n}
      </span>
      <div className={styles.body}>
        <h3>
          {title}
          {done ? <span className="visually-hidden"> (done)</span> : null}
        </h3>
        {children}
      </div>
    </li>
  );
}

function TokenStep({ id, activeTokens, onToken }: { id: string; activeTokens: number; onToken: (secret: string) => void }) {
  const create = useCreateTokenMutation(id);
  const [name, setName] = useState('first proxy');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || create.isPending) return;
    const created = await create.mutateAsync({ name: name.trim(), scopes: [...PROXY_SCOPES] }).catch(() => null);
    if (created) {
      onToken(created.token);
      // The form goes; the focus goes to the command that now holds the token.
      requestAnimationFrame(() =>
        document.querySelector('[data-testid="first-event-command"]')?.parentElement?.querySelector<HTMLElement>('button[data-copy]')?.focus(),
      );
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Create a token">
      <p className="small">
        {activeTokens > 0
          ? `${countOf(activeTokens, 'active token')} already; a secret is shown only when it is made, so make one here to have it in the command.`
          : `A proxy sends it with each batch of events; it may send events, read the surface and upload its servers' tools (${PROXY_SCOPES.join(', ')}).`}
      </p>
      <div className={`row ${styles.tokenRow}`}>
        <label className="field">
          Token name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <button type="submit" className="primary" disabled={!name.trim() || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </div>
      {create.isError ? <ErrorNotice error={create.error} /> : null}
    </form>
  );
}

function FirstEventStatus({ base, firstEvent, onDismiss }: { base: string; firstEvent: EventView | null; onDismiss: () => void }) {
  return (
    <div role="status" aria-live="polite" data-testid="first-event-status">
      {firstEvent ? (
        <Alert tone="ok" className={styles.arrived}>
          <strong>First event received:</strong> <ToolName name={firstEvent.tool} className="mono" />
          {firstEvent.canonical && firstEvent.canonical !== firstEvent.tool ? (
            <>
              {' '}
              → <ToolName name={firstEvent.canonical} className="mono" />
            </>
          ) : null}
          {firstEvent.kind === 'unresolved' ? ' (unresolved: no catalog server matches it yet)' : ''} at {formatDateTime(firstEvent.timestamp)}.
          <div className="row" style={{ marginTop: 8 }}>
            <PageLink href={`${base}/events`}>See it under Events</PageLink>
            <PageLink href={`${base}/favourites`}>Pin favourites</PageLink>
            <button type="button" className="link" onClick={onDismiss}>
              Hide these steps
            </button>
          </div>
        </Alert>
      ) : (
        <p className={cx('small', styles.waiting)}>
          <span className={styles.pulse} aria-hidden="true" /> Waiting for the first event… This page shows it as soon as it comes.
        </p>
      )}
    </div>
  );
}
