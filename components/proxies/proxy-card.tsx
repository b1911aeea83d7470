'use client';

import { useForgetProxyMutation } from '@/components/api/use-forget-proxy-mutation';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { AskAgainButton } from '@/components/ui/ask-again-button';
import { Facts } from '@/components/ui/facts';
import type { ProxyView } from '@/lib/contracts/proxies';
import { countOf, formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import { PresentedNames } from './presented-names';
import styles from './proxies.module.css';

type Server = ProxyView['servers'][number];

const STATE_TONE: Record<Server['state'], BadgeTone> = { up: 'ok', starting: 'warn', down: 'danger', stopped: 'neutral' };
/** A server the proxy could not start, or that went away, is "failed": the proxy starts it again, with a longer wait each time. */
const STATE_WORD: Record<Server['state'], string> = { up: 'up', starting: 'starting', down: 'failed', stopped: 'stopped' };

const SERVER_COLUMNS: Column<Server>[] = [
  { id: 'name', header: 'Server', className: 'mono', cell: (s) => s.name },
  { id: 'state', header: 'State', cell: (s) => <Badge tone={STATE_TONE[s.state]}>{STATE_WORD[s.state]}</Badge> },
  { id: 'tools', header: 'Tools', numeric: true, cell: (s) => formatNumber(s.tools) },
  {
    id: 'protocol',
    header: 'MCP',
    cell: (s) => (s.protocol ? <span title={`The proxy and this server speak MCP ${s.protocol}`}>{s.protocol}</span> : <span className="muted">—</span>),
  },
  { id: 'restarts', header: 'Restarts', numeric: true, cell: (s) => formatNumber(s.restarts) },
  { id: 'error', header: 'Last error', className: 'small', cell: (s) => s.lastError ?? <span className="muted">none</span> },
];

/** "everything is starting; memory failed: exited with code 1", for the servers of a running proxy that are not up; null when all are. */
function notUpText(proxy: ProxyView): string | null {
  if (proxy.state === 'stopped') return null;
  const notUp = proxy.servers.filter((s) => s.state === 'starting' || s.state === 'down');
  if (notUp.length === 0) return null;
  return notUp.map((s) => (s.state === 'starting' ? `${s.name} is starting` : `${s.name} failed${s.lastError ? `: ${s.lastError}` : ''}`)).join('; ');
}

/** "14 s", "3 min": how long the oldest trace of a backlog has waited. */
function waited(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${formatNumber(Math.round(bytes / 1024))} KiB`;
}

/** One proxy as its last report described it: where it runs, its servers, its clients, what it presents. */
export function ProxyCard({ projectId, proxy }: { projectId: string; proxy: ProxyView }) {
  const heading = `proxy-${proxy.id}`;
  const clients = proxy.clients.length
    ? proxy.clients.map((c) => `${c.name} (${[countOf(c.sessions, 'session'), ...c.protocols.map((p) => `MCP ${p}`)].join(', ')})`).join('; ')
    : 'none';
  const shown = proxy.presented.names.length;
  const notUp = notUpText(proxy);
  return (
    <Card aria-labelledby={heading} data-testid="proxy-card" data-proxy={proxy.id}>
      <CardHeader
        id={heading}
        title={proxy.host}
        note={
          <span title={formatDateTime(proxy.lastSeenAt)} data-testid="proxy-last-seen">
            last seen {formatRelative(proxy.lastSeenAt)}
          </span>
        }
      >
        {proxy.connected ? <Badge tone="ok">connected</Badge> : <Badge tone="neutral">{proxy.state === 'stopped' ? 'stopped' : 'not connected'}</Badge>}
      </CardHeader>
      {proxy.lastError ? (
        <Alert tone="error" data-testid="proxy-last-error">
          <strong>Last error:</strong> {proxy.lastError}
        </Alert>
      ) : null}
      <Facts className={styles.facts}>
        <dt>Version</dt>
        <dd>
          favindex proxy {proxy.version}, over {proxy.transport}
        </dd>
        <dt>Running since</dt>
        <dd title={formatDateTime(proxy.startedAt)}>{formatRelative(proxy.startedAt)}</dd>
        <dt>Clients</dt>
        <dd data-testid="proxy-clients">{clients}</dd>
        <dt>Tools presented</dt>
        <dd data-testid="proxy-presented">
          {countOf(proxy.presented.count, 'tool')} to a new session
          {proxy.surfaceRevision !== null ? `, surface revision ${proxy.surfaceRevision}` : ', favindex defaults (no surface read yet)'}
        </dd>
        <dt>Trace backlog</dt>
        <dd data-testid="proxy-backlog">
          {countOf(proxy.spool.events, 'event')} ({kib(proxy.spool.bytes)}) waiting
          {proxy.spool.lagMs > 0 ? `, the oldest for ${waited(proxy.spool.lagMs)}` : null}
          {proxy.spool.dropped > 0 ? <span className="tone-danger">; {formatNumber(proxy.spool.dropped)} dropped (spool full)</span> : null}
          {proxy.spool.lost > 0 ? (
            <span className="tone-danger">
              ; {formatNumber(proxy.spool.lost)} lost: {proxy.spool.lostCause ?? 'not written'}
            </span>
          ) : null}
          {proxy.spool.setAside > 0 ? <span className="tone-warn">; {formatNumber(proxy.spool.setAside)} set aside (favindex refused them)</span> : null}
        </dd>
      </Facts>
      {notUp ? (
        <Alert tone="warn" data-testid="proxy-servers-not-up">
          <strong>Not up:</strong> {notUp}. What these servers offer is missing from the lists until they are up.
        </Alert>
      ) : null}
      <DataTable columns={SERVER_COLUMNS} rows={proxy.servers} rowKey={(s) => s.name} label={`Servers of ${proxy.host}`} testId="proxy-servers" />
      {shown > 0 ? (
        <details className={styles.names}>
          <summary>The names a new session is given{shown < proxy.presented.count ? ` (the first ${formatNumber(shown)})` : ''}</summary>
          <PresentedNames names={proxy.presented.names} />
        </details>
      ) : null}
      {proxy.connected ? null : <ForgetButton projectId={projectId} proxy={proxy} />}
    </Card>
  );
}

/** A proxy that no longer runs stays listed until forgotten; a report from it later brings it back. */
function ForgetButton({ projectId, proxy }: { projectId: string; proxy: ProxyView }) {
  const forget = useForgetProxyMutation(projectId);
  return <AskAgainButton label="Forget this proxy…" confirmLabel={`Forget ${proxy.host}`} action={forget} variables={proxy.id} />;
}
