'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardHeader } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { usePagedRows } from '@/components/ui/use-paged-rows';
import { countOf } from '@/lib/format';
import { modeTitle } from '@/lib/surface/mode-traits';
import type { ModePreview, PreviewTool } from '@/lib/surface/preview';
import styles from './mode-detail.module.css';
import { ModeToolTable } from './mode-tool-table';
import type { ModeList } from './use-mode-list';

/**
 * The exact ordered list of one mode, a page at a time, with canonical names and what the target
 * rejects; copyable as JSON, the whole list fetched for it (`wholeList`) when asked.
 */
export function ModeDetail({ list, wholeList }: { list: ModeList; wholeList: () => Promise<PreviewTool[]> }) {
  const detail = list.query;
  return (
    <Card id="mode-detail" aria-labelledby={detail.data ? 'mode-detail-heading' : undefined} data-testid="mode-detail" aria-busy={list.busy}>
      <QueryView query={detail} loadingLabel="Loading the list" loadingRows={6}>
        {(preview) => (
          <>
            <CardHeader
              id="mode-detail-heading"
              title={
                <>
                  {modeTitle(preview.mode)}: {countOf(preview.count, 'tool')}, in order
                </>
              }
            >
              <CopyAsJson wholeList={wholeList} disabled={list.busy} />
            </CardHeader>
            {preview.instruction !== null ? (
              <Alert data-testid="instruction">
                <div className="small muted">Instruction sent with the list</div>
                <div>{preview.instruction}</div>
              </Alert>
            ) : null}
            <LeftOut leftOut={preview.leftOut} />
            <ModeToolTable preview={preview} list={list} />
          </>
        )}
      </QueryView>
    </Card>
  );
}

/** The whole list as a model would get it, for pasting into a test or a bug report. */
function CopyAsJson({ wholeList, disabled }: { wholeList: () => Promise<PreviewTool[]>; disabled: boolean }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    setCopied('Fetching the whole list…');
    let tools: PreviewTool[];
    try {
      tools = await wholeList();
    } catch {
      setCopied('The list could not be fetched; try again');
      return;
    }
    try {
      await navigator.clipboard.writeText(JSON.stringify(tools.map(toJson), null, 2));
      setCopied(`Copied ${countOf(tools.length, 'tool')} as JSON`);
    } catch {
      setCopied('The browser refused the clipboard; select the list below instead');
    }
  };
  return (
    <div className="row">
      {copied ? (
        <span className="small muted" role="status">
          {copied}
        </span>
      ) : null}
      <button type="button" onClick={copy} disabled={disabled}>
        Copy as JSON
      </button>
    </div>
  );
}

/** Left-out tools drawn at once: a big catalog over a small cap can leave out thousands. */
const LEFT_OUT_PER_PAGE = 20;

function LeftOut({ leftOut }: { leftOut: ModePreview['leftOut'] }) {
  const paged = usePagedRows(leftOut, { pageSize: LEFT_OUT_PER_PAGE });
  if (leftOut.length === 0) return null;
  return (
    <Alert tone="warn">
      <strong>Left out ({leftOut.length})</strong>
      <ul className={`small ${styles.leftOut}`}>
        {paged.rows.map((l) => (
          <li key={`${l.canonical}-${l.reason}`}>
            <span className="mono">{l.canonical}</span>: {l.message}
          </li>
        ))}
      </ul>
      <Pager noun="left-out tools" {...paged.pager} />
    </Alert>
  );
}

function toJson(tool: PreviewTool) {
  if (tool.placeholder) return { name: tool.name, canonical: null, placeholder: true };
  return { name: tool.name, canonical: tool.canonical, description: tool.description ?? null, inputSchema: tool.inputSchema ?? null };
}
