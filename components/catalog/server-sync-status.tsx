'use client';

import { useStopSyncMutation, useSyncNowMutation } from '@/components/api/use-catalog-sync-mutations';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Facts } from '@/components/ui/facts';
import type { SyncView } from '@/lib/contracts/catalog';
import { formatDateTime, formatRelative } from '@/lib/format';
import styles from './server-sync-status.module.css';
import { SYNC_INTERVALS } from './sync-server-form';

/** Where a live server's catalog comes from, how it last went, and the controls to sync or stop. */
export function ServerSyncStatus({ id, server, sync }: { id: string; server: string; sync: SyncView }) {
  const syncNow = useSyncNowMutation(id);
  const stop = useStopSyncMutation(id);
  const schedule = SYNC_INTERVALS.find((o) => o.seconds === sync.intervalSeconds)?.label ?? `Every ${sync.intervalSeconds} s`;
  const headerNames = Object.entries(sync.headers);
  return (
    <div className={styles.status} data-testid={`sync-status-${server}`}>
      <Facts className={styles.facts}>
        <dt>Endpoint</dt>
        <dd className="mono">{sync.url}</dd>
        {headerNames.length > 0 ? (
          <>
            <dt>Headers</dt>
            <dd className="mono">{headerNames.map(([name, masked]) => `${name}: ${masked}`).join(' · ')}</dd>
          </>
        ) : null}
        <dt>Schedule</dt>
        <dd>
          {schedule}
          {sync.nextSyncAt ? <span className="muted small"> · next {formatDateTime(sync.nextSyncAt)}</span> : null}
        </dd>
        <dt>Last sync</dt>
        <dd title={sync.lastSyncAt ?? undefined}>
          {sync.lastSyncAt ? formatRelative(sync.lastSyncAt) : 'never'} {sync.lastError ? <Badge tone="danger">failed</Badge> : <Badge tone="ok">ok</Badge>}
        </dd>
      </Facts>
      {sync.lastError ? (
        <Alert tone="error" className={styles.lastError} role="alert" data-testid={`sync-error-${server}`}>
          <strong>Last sync failed:</strong> {sync.lastError}
          {sync.lastSyncOkAt ? <div className="small">The catalog below is from {formatDateTime(sync.lastSyncOkAt)}.</div> : null}
        </Alert>
      ) : null}
      <div className="row">
        <button type="button" onClick={() => syncNow.mutate(server)} disabled={syncNow.isPending}>
          {syncNow.isPending ? 'Syncing…' : 'Sync now'}
        </button>
        <button type="button" className="danger" onClick={() => stop.mutate(server)} disabled={stop.isPending}>
          Stop syncing
        </button>
        {syncNow.isSuccess && !syncNow.isPending ? (
          <span className="muted small" role="status">
            {syncNow.data.changed ? `New catalog version ${syncNow.data.version}.` : 'No change since the last sync.'}
          </span>
        ) : null}
      </div>
      {/* An unreachable server shows as the last error above; anything else is said here. */}
      {syncNow.isError && !sync.lastError ? <ErrorNotice error={syncNow.error} /> : null}
      {stop.isError ? <ErrorNotice error={stop.error} /> : null}
    </div>
  );
}
