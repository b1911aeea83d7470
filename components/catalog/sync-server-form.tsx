'use client';

import { useState, type FormEvent } from 'react';
import { useRegisterSyncMutation } from '@/components/api/use-catalog-sync-mutations';
import { Alert } from '@/components/ui/alert';
import { CardForm } from '@/components/ui/card';
import { SubmitError } from '@/components/ui/error-notice';
import { parseHeaderLines } from '@/lib/catalog/header-lines';
import { SERVER_NAME_RE } from '@/lib/names/canonical';

export const SYNC_INTERVALS: { seconds: number | null; label: string }[] = [
  { seconds: null, label: 'Only on changes and on demand' },
  { seconds: 300, label: 'Every 5 minutes' },
  { seconds: 900, label: 'Every 15 minutes' },
  { seconds: 3_600, label: 'Every hour' },
  { seconds: 21_600, label: 'Every 6 hours' },
  { seconds: 86_400, label: 'Every day' },
];

/** Register an MCP server by its Streamable HTTP URL; favindex reads its tools/list at once. */
export function SyncServerForm({ id }: { id: string }) {
  const register = useRegisterSyncMutation(id);
  const [server, setServer] = useState('');
  const [url, setUrl] = useState('');
  const [headerText, setHeaderText] = useState('');
  const [interval, setIntervalChoice] = useState<string>('3600');
  const [done, setDone] = useState<string | null>(null);
  const nameValid = SERVER_NAME_RE.test(server);
  const parsedHeaders = parseHeaderLines(headerText);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!nameValid || parsedHeaders.error) return;
    setDone(null);
    const result = await register
      .mutateAsync({ server, url: url.trim(), headers: parsedHeaders.headers, intervalSeconds: interval === '' ? null : Number(interval) })
      .catch(() => null);
    if (result) {
      setDone(`Connected to ${server} and read its tools: catalog version ${result.version}.`);
      setServer('');
      setUrl('');
      setHeaderText('');
    }
  }

  return (
    <CardForm onSubmit={onSubmit} aria-labelledby="sync-form-heading">
      <h2 id="sync-form-heading">Sync a server from its URL</h2>
      <p className="muted small" style={{ marginTop: 0 }}>
        favindex connects over Streamable HTTP, reads every page of <code>tools/list</code>, stays connected to hear{' '}
        <code>notifications/tools/list_changed</code>, and syncs again on the schedule you pick.
      </p>
      <div className="row" style={{ alignItems: 'flex-end' }}>
        <label className="field">
          Server name
          <input
            name="server"
            value={server}
            onChange={(e) => setServer(e.target.value)}
            placeholder="github"
            aria-invalid={server !== '' && !nameValid}
            required
          />
        </label>
        <label className="field" style={{ flex: 1, minWidth: 260 }}>
          MCP endpoint URL
          <input name="url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://mcp.example.com/mcp" required />
        </label>
        <label className="field">
          Sync schedule
          <select name="interval" value={interval} onChange={(e) => setIntervalChoice(e.target.value)}>
            {SYNC_INTERVALS.map((option) => (
              <option key={option.label} value={option.seconds === null ? '' : String(option.seconds)}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="field" style={{ marginTop: 10 }}>
        Headers (optional, one per line; stored for the sync and only ever shown masked)
        <textarea
          name="headers"
          rows={2}
          value={headerText}
          onChange={(e) => setHeaderText(e.target.value)}
          placeholder="Authorization: Bearer …"
          aria-invalid={parsedHeaders.error !== null}
        />
      </label>
      {server !== '' && !nameValid ? (
        <div className="small muted">A server name is 1–64 of letters, digits, _ . -, starting with a letter or digit.</div>
      ) : null}
      {parsedHeaders.error ? <div className="small muted">{parsedHeaders.error}</div> : null}
      <div className="row" style={{ marginTop: 10 }}>
        <button type="submit" className="primary" disabled={!nameValid || url.trim() === '' || parsedHeaders.error !== null || register.isPending}>
          {register.isPending ? 'Connecting…' : 'Connect and sync'}
        </button>
      </div>
      <SubmitError write={register} />
      {done && !register.isError ? (
        <Alert role="status" style={{ marginTop: 10, marginBottom: 0 }}>
          {done}
        </Alert>
      ) : null}
    </CardForm>
  );
}
