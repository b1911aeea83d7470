'use client';

import { useEffect, useMemo, useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { useEventsQuery } from '@/components/api/use-events-query';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import type { EventView } from '@/lib/contracts/events';
import { countOf } from '@/lib/format';
import { setupWorks } from '@/lib/onboarding/first-event-verdict';
import type { ProxyInstall } from '@/lib/onboarding/proxy-config';
import { ConnectProxyStep } from './connect-proxy-step';
import { FirstEventStatus } from './first-event-status';
import styles from './first-run-checklist.module.css';
import { NoProxy } from './no-proxy';

/** How often the page asks while it waits on a proxy. */
const WAITING_POLL_MS = 2_000;
/** Resolved calls read at a time to find one answered (a denied or unfinished call is not one). */
const RESOLVED_CALLS_READ = 20;

interface Props {
  id: string;
  install: ProxyInstall | null;
  /** The first event, once it has come while the checklist watched; null while waiting. */
  firstEvent: EventView | null;
  /** The newest event, shown apart from the first when it is another. */
  latestEvent: EventView | null;
  /** The secret of a token made here (shown in the config), or null. */
  token: string | null;
  onToken: (secret: string) => void;
  onDismiss: () => void;
}

/** A new project's way to its first event: connect a proxy (token, servers file, client config), then watch the first call arrive. */
export function FirstRunChecklist({ id, install, firstEvent, latestEvent, token, onToken, onDismiss }: Props) {
  // The call that showed the set-up works, kept once seen: what comes after cannot undo it.
  const [works, setWorks] = useState<EventView | null>(null);
  const waiting = works === null;
  // A proxy uploads its catalog and may be refused: both show here within seconds while the page waits.
  const catalog = useCatalogQuery(id, { waitingMs: waiting ? WAITING_POLL_MS : false });
  const tokens = useTokensQuery(id, { refetchInterval: waiting ? WAITING_POLL_MS : false });
  // The newest calls that resolved to a server/tool, read apart from the newest event, so ten good
  // calls and then an unknown name still show a set-up that works.
  const resolvedCalls = useEventsQuery(
    id,
    { limit: RESOLVED_CALLS_READ, kind: 'tool' },
    { enabled: firstEvent !== null && waiting, refetchInterval: waiting ? WAITING_POLL_MS : false },
  );
  const base = `/projects/${encodeURIComponent(id)}`;
  const servers = catalog.data?.servers ?? [];
  const list = tokens.data?.tokens ?? [];
  const catalogRefused = list.some((t) => !t.revokedAt && t.refused?.scope === 'catalog:write');
  const tools = useMemo(() => new Set((catalog.data?.servers ?? []).flatMap((s) => s.tools.map((t) => `${s.name}/${t.name}`))), [catalog.data]);
  const found = setupWorks(resolvedCalls.data?.events ?? [], { tools });
  useEffect(() => {
    if (found) setWorks((seen) => seen ?? found);
  }, [found]);
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
        <Step n={2} done={works !== null} title="See the first call arrive">
          <FirstEventStatus
            base={base}
            events={{ first: firstEvent, latest: latestEvent, works }}
            context={{ servers: servers.map((s) => s.name), tools, catalogRefused }}
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
