'use client';

import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useCatalogQuery } from '@/components/api/use-catalog-query';
import { usePutCatalogMutation } from '@/components/api/use-put-catalog-mutation';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useSearchState } from '@/components/ui/use-search-state';
import { fileTooLarge, readToolsListFile, type ToolsListFile } from '@/lib/catalog/tools-list-file';
import { countOf } from '@/lib/format';
import { SERVER_NAME_RE } from '@/lib/names/canonical';
import styles from './catalog-upload.module.css';

type ReadFile = Extract<ToolsListFile, { ok: true }> & { fileName: string };

/**
 * Upload a server's `tools/list` result from a file: drop it or choose it, check what it holds,
 * name the server, and PUT it as that server's catalog. The name is the one the link here asked
 * for (`?server=`, from an unresolved call's unknown server), else the file's, else a guess.
 */
export function CatalogUpload({ id }: { id: string }) {
  const wanted = useSearchState().search.get('server');
  const wantedServer = wanted !== null && SERVER_NAME_RE.test(wanted) ? wanted : null;
  const put = usePutCatalogMutation(id);
  const catalog = useCatalogQuery(id);
  const inputId = useId();
  const serverRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ReadFile | null>(null);
  const [server, setServer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const nameValid = SERVER_NAME_RE.test(server);
  const existing = catalog.data?.servers.find((s) => s.name === server);
  // Once the catalog has the server the calls asked for, the note asking for it goes.
  const stillWanted = wantedServer !== null && catalog.data !== undefined && !catalog.data.servers.some((s) => s.name === wantedServer);

  async function read(chosen: File | undefined) {
    if (!chosen) return;
    put.reset();
    setDone(null);
    setFile(null);
    const tooLarge = fileTooLarge(chosen.size);
    const result = tooLarge ? { ok: false as const, problem: tooLarge } : readToolsListFile(await chosen.text(), chosen.name);
    if (!result.ok) {
      setProblem(`${chosen.name}: ${result.problem}`);
      return;
    }
    setProblem(null);
    setFile({ ...result, fileName: chosen.name });
    setServer(wantedServer ?? result.server ?? result.suggestedServer ?? '');
  }

  // A file read: the next thing to do is to check (or give) the server name.
  useEffect(() => {
    if (file) serverRef.current?.focus();
  }, [file]);

  async function upload() {
    if (!file || !nameValid) return;
    const result = await put.mutateAsync({ server, tools: file.tools }).catch(() => null);
    if (!result) return;
    const what = result.changed ? `catalog version ${result.version}` : `unchanged (catalog version ${result.version})`;
    const resolved =
      result.resolvedCalls > 0 ? ` ${countOf(result.resolvedCalls, 'stored call')} now ${result.resolvedCalls === 1 ? 'resolves' : 'resolve'}.` : '';
    setDone(`Uploaded ${server}: ${countOf(file.tools.length, 'tool')}, ${what}.${resolved}`);
    setFile(null);
    setServer('');
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    void read(e.dataTransfer.files[0]);
  }

  return (
    <Card aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload a tools/list file</h2>
      {stillWanted ? (
        <p className="small" data-testid="upload-wanted">
          Calls name the server <code>{wantedServer}</code>, which the catalog does not have: upload its <code>tools/list</code> and they resolve.
        </p>
      ) : null}
      <section
        aria-label="Drop a tools/list JSON file here"
        className={cx(styles.drop, dragging && styles.dragging)}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="small">
          Drop the JSON a server answers to <code>tools/list</code> here (<code>{'{"tools": […]}'}</code>, or the JSON-RPC response holding it), or
        </p>
        <label htmlFor={inputId} className="button">
          Choose a file…
        </label>
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          aria-label="Choose a tools/list JSON file"
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            void read(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </section>
      {problem ? (
        <Alert tone="error" role="alert" data-testid="upload-problem">
          {problem}
        </Alert>
      ) : null}
      {file ? (
        <form
          className={styles.confirm}
          aria-label="Upload the file"
          onSubmit={(e) => {
            e.preventDefault();
            void upload();
          }}
        >
          <p className="small">
            <strong>{file.fileName}</strong>: {countOf(file.tools.length, 'tool')}
            {file.server ? `, for the server ${file.server}` : ''}.
          </p>
          <div className="row">
            <label className="field">
              Server name
              <input
                ref={serverRef}
                name="upload-server"
                value={server}
                onChange={(e) => setServer(e.target.value)}
                placeholder="github"
                aria-invalid={!nameValid}
                aria-describedby="upload-server-help"
                required
              />
            </label>
            <button type="submit" className="primary" disabled={!nameValid || put.isPending}>
              {put.isPending ? 'Uploading…' : `Upload ${countOf(file.tools.length, 'tool')}`}
            </button>
            <button type="button" onClick={() => setFile(null)}>
              Cancel
            </button>
          </div>
          <div id="upload-server-help" className="small muted">
            {!nameValid
              ? 'Name the server: 1–64 of letters, digits, _ . -, starting with a letter or digit. Its tools are called server/tool.'
              : existing
                ? `${server} is in the catalog already (${countOf(existing.toolCount, 'tool')}): this upload becomes its next version.`
                : `A new server: its tools will be ${server}/${file.tools[0]?.name ?? '…'} and so on.`}
          </div>
        </form>
      ) : null}
      {put.isError ? <ErrorNotice error={put.error} /> : null}
      {done ? (
        <Alert role="status" data-testid="upload-done">
          {done}
        </Alert>
      ) : null}
    </Card>
  );
}
