'use client';

import { type ReactNode, useRef, useState } from 'react';
import { useFavouriteMutation } from '@/components/api/use-favourite-mutation';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { countOf, formatPercent } from '@/lib/format';
import type { UsageReport } from '@/lib/usage/report';
import { suggestFavourites } from '@/lib/usage/suggest';
import styles from './pin-next.module.css';

/**
 * What to pin next, from the same ranking: the top maxFavourites tools against the current
 * favourites, each with the button that does it. The row goes once it is done, so the focus
 * moves to the heading and the change is said aloud.
 */
export function PinNext({ id, report }: { id: string; report: UsageReport }) {
  const { favourites, coverage } = report;
  const write = useFavouriteMutation(id);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const suggestion = suggestFavourites(report.rows, favourites, favourites.maxFavourites);
  const unused = coverage.pinned.filter((p) => p.calls === 0).map((p) => p.tool);
  const full = favourites.tools.length >= favourites.maxFavourites;

  async function run(kind: 'pin' | 'unpin', tool: string) {
    if (write.isPending) return;
    try {
      await write.mutateAsync({ kind, tool });
      setSaid(kind === 'pin' ? `Pinned ${tool}.` : `Unpinned ${tool}.`);
      heading.current?.focus();
    } catch {
      setSaid('');
    }
  }

  const status = (
    <p role="status" className="small" data-testid="pin-next-status">
      {said}
    </p>
  );
  if (suggestion.add.length === 0 && suggestion.remove.length === 0) {
    return (
      <Card aria-labelledby="pin-heading">
        <h2 id="pin-heading" ref={heading} tabIndex={-1}>
          Pin next
        </h2>
        <p className="small muted">
          {report.rows.length === 0
            ? 'Nothing to suggest without calls in this window.'
            : `The favourites already are the top ${countOf(favourites.tools.length, 'tool')} of this window.`}
        </p>
        {status}
      </Card>
    );
  }
  return (
    <Card aria-labelledby="pin-heading" data-testid="pin-next">
      <h2 id="pin-heading" ref={heading} tabIndex={-1}>
        Pin next
      </h2>
      <p className="small">
        Pinning the top {favourites.maxFavourites} would lift coverage from {formatPercent(coverage.share)} to{' '}
        <strong>{formatPercent(coverage.atMaxFavourites)}</strong>.
      </p>
      <ToolActions title="Unpin" tools={suggestion.remove}>
        {(t) => (
          <>
            <span className="mono">{t}</span> {unused.includes(t) ? <Badge tone="warn">no calls</Badge> : null}
            <button type="button" aria-label={`Unpin ${t}`} aria-disabled={write.isPending || undefined} onClick={() => run('unpin', t)}>
              Unpin
            </button>
          </>
        )}
      </ToolActions>
      <ToolActions title="Add" tools={suggestion.add}>
        {(t) => (
          <>
            <span className="mono">{t}</span>
            <button
              type="button"
              aria-label={`Pin ${t}`}
              aria-disabled={write.isPending || full || undefined}
              title={full ? `The favourites are full (${favourites.maxFavourites}): unpin one first` : undefined}
              onClick={() => {
                if (!full) void run('pin', t);
              }}
            >
              ☆ Pin
            </button>
          </>
        )}
      </ToolActions>
      {status}
      {write.isError ? <ErrorNotice error={write.error} /> : null}
    </Card>
  );
}

/** One list of the suggestion (what to unpin, what to add), each tool with its button; nothing when empty. */
function ToolActions({ title, tools, children }: { title: string; tools: readonly string[]; children: (tool: string) => ReactNode }) {
  if (tools.length === 0) return null;
  return (
    <div className="small">
      <strong>{title}</strong>
      <ul className={styles.tools}>
        {tools.map((t) => (
          <li key={t} className={styles.tool}>
            {children(t)}
          </li>
        ))}
      </ul>
    </div>
  );
}
