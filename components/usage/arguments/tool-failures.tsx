'use client';

import { useEffect, useRef } from 'react';
import { CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FAILURE_CLASSES, type FailureClass } from '@/lib/arguments/classes';
import { FAILURE_CLASS_WORDS, wrongKeyText } from '@/lib/arguments/labels';
import type { ToolArgumentRow, ToolArgumentSummary } from '@/lib/contracts/arguments';
import { countOf, formatNumber } from '@/lib/format';
import { rateText } from './ranking-table';

function columns(classes: readonly FailureClass[]): Column<ToolArgumentRow>[] {
  return [
    { id: 'model', header: 'Model', className: (r) => (r.model === null ? 'muted nowrap' : 'mono nowrap'), cell: (r) => r.model ?? 'none given' },
    { id: 'client', header: 'Client', className: (r) => (r.client === null ? 'muted nowrap' : 'mono nowrap'), cell: (r) => r.client ?? 'none given' },
    { id: 'checked', header: 'Checked', numeric: true, cell: (r) => formatNumber(r.checked) },
    { id: 'wellFormed', header: 'Well-formed', numeric: true, cell: (r) => rateText(r.wellFormedRate) },
    { id: 'firstCallRight', header: 'First call right', numeric: true, cell: (r) => rateText(r.firstCallRightRate) },
    ...classes.map(
      (c): Column<ToolArgumentRow> => ({
        id: c,
        header: FAILURE_CLASS_WORDS[c].label,
        headerTitle: `calls that ${FAILURE_CLASS_WORDS[c].description}`,
        numeric: true,
        className: (r) => (r.classes[c] === 0 ? 'muted' : undefined),
        cell: (r) => formatNumber(r.classes[c]),
      }),
    ),
  ];
}

/**
 * One tool's calls by model and client, counted by failure class (as RockBot's table did), and
 * the keys models sent that it does not have: what to fix in its schema or description.
 */
export function ToolFailures({ tool, rows, onClose }: { tool: ToolArgumentSummary; rows: ToolArgumentRow[]; onClose: () => void }) {
  // Only the classes this tool's calls had: eight columns of zeros say nothing.
  const classes = FAILURE_CLASSES.filter((c) => tool.classes[c] > 0);
  const heading = 'tool-failures-heading';
  const section = useRef<HTMLElement>(null);
  // The table opens below the ranking: take the reader there, as a link to it would (a new
  // tool is a new element: the caller keys it by tool).
  useEffect(() => {
    section.current?.querySelector<HTMLElement>(`#${heading}`)?.focus();
  }, []);
  return (
    <section ref={section} aria-labelledby={heading} data-testid="tool-failures">
      <CardHeader id={heading} title={<span className="mono">{tool.tool}</span>} note="by model and client" focusable>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </CardHeader>
      <DataTable
        columns={columns(classes)}
        rows={rows}
        rowKey={(r) => `${r.model ?? ''}\u0000${r.client ?? ''}`}
        labelledBy={heading}
        testId="tool-failure-table"
      />
      {tool.wrongKeys.length === 0 ? (
        <p className="small muted">No call sent a key this tool does not have.</p>
      ) : (
        <>
          <h3 className="small">Wrong keys: what models sent, and the key it stood for</h3>
          <ul className="small" data-testid="wrong-keys">
            {tool.wrongKeys.map((k) => (
              <li key={`${k.key}\u0000${k.model ?? ''}`}>
                <code>{wrongKeyText(k)}</code>, {countOf(k.calls, 'call')}, {k.model ?? <span className="muted">no model named</span>}
              </li>
            ))}
          </ul>
          <p className="small muted">
            Rename the key in the schema, or say the key&apos;s name in the tool&apos;s description; Impact then shows whether it helped.
          </p>
        </>
      )}
    </section>
  );
}
