'use client';

import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import type { EventView } from '@/lib/contracts/events';
import { countOf } from '@/lib/format';
import type { ProxyInstall } from '@/lib/onboarding/proxy-config';
import { ConnectProxyStep } from './connect-proxy-step';
import { FirstEventStatus } from './first-event-status';
import styles from './first-run-checklist.module.css';
import { NoProxy } from './no-proxy';

/** How often the page asks while it waits on a proxy. */
const WAITING_POLL_MS = 2_000;

interface Props {
  id: string;
  install: ProxyInstall | null;
  /** The first event, once it has come while the checklist watched; null while waiting. */
  firstEvent: EventView | null;
  /** The secret of a token made here (shown in the config), or null. */
  token: string | null;
  onToken: (secret: string) => void;
  onDismiss: () => void;
}

/** A new project's way to its first event: connect a proxy (token, servers file, client config), then watch the first call arrive. */
export function FirstRunChecklist({ id, install, firstEvent, token, onToken, onDismiss }: Props) {
  const waiting = firstEvent === null || firstEvent.kind !== 'tool';
  // A proxy uploads its catalog and may be refused: both show here within seconds while the page waits.
  const catalog = useCatalogQuery(id, { waitingMs: waiting ? WAITING_POLL_MS : false });
  const tokens = useTokensQuery(id, { refetchInterval: waiting ? WAITING_POLL_MS : false });
  const base = `/projects/${encodeURIComponent(id)}`;
  const servers = catalog.data?.servers ?? [];
  const list = tokens.data?.tokens ?? [];
  const catalogRefused = list.some((t) => !t.revokedAt && t.refused?.scope === 'catalog:write');
  return (
    <Card aria-labelledby="start-heading" data-testid="first-run">
      <h2 id="start-heading">Get {id} its first event</h2>
      <p className="small muted">favindex ranks what your models call. Put its proxy between your client and your MCP servers, and it sees every call.</p>
      <ol className={styles.steps}>
        <Step n={1} done={servers.length > 0 || firstEvent !== null} title="Connect a proxy">
          {servers.length > 0 ? (
            <p className="small" data-testid="first-run-catalog">
              The catalog has {servers.map((s) => `${s.name} (${countOf(s.toolCount, 'tool')})`).join(', ')}.
            </p>
          ) : null}
          <ConnectProxyStep id={id} install={install} token={token} onToken={onToken} tokens={list} />
        </Step>
        <Step n={2} done={firstEvent?.kind === 'tool'} title="See the first call arrive">
          <FirstEventStatus
            base={base}
            firstEvent={firstEvent}
            context={{ servers: servers.map((s) => s.name), tools: new Set(servers.flatMap((s) => s.tools.map((t) => `${s.name}/${t.name}`))), catalogRefused }}
            onDismiss={onDismiss}
          />
        </Step>
      </ol>
      <NoProxy id={id} install={install} token={token} />
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
