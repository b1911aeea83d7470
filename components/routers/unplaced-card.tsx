'use client';

import { useState } from 'react';
import type { PlacementView, RouterSuggestionsView } from '@/components/api/use-router-suggestions-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { OffsetPager } from '@/components/ui/pager';
import { QueryView, type QueryLike } from '@/components/ui/query-view';
import { ToolName } from '@/components/ui/tool-name';
import { countOf } from '@/lib/format';
import styles from './routers.module.css';
import { SingletonReason } from './singleton-reason';

interface Props {
  query: QueryLike<RouterSuggestionsView>;
  /** Tools the unsaved draft places: no longer placed nowhere once it is saved. */
  draftPlaces: ReadonlySet<string>;
  /** Tools the saved routers place that the draft takes out. */
  takenOut: readonly string[];
  blocked: string | null;
  onApply: (placement: PlacementView, data: RouterSuggestionsView) => void;
  onSingleton: (tool: string, reason: string) => void;
  onPage: (offset: number) => void;
}

const RULE_WORDS: Record<PlacementView['rule'], string> = {
  'existing-router': 'a new op of a router in force',
  'new-router': 'a new router',
  singleton: 'a singleton',
};

/** Where the proposal puts the tool, in a line: "op create of issues", "new router github_issue (7 ops)", "singleton". */
function whereWords(placement: PlacementView, data: RouterSuggestionsView): string {
  if (placement.rule === 'existing-router') return `op ${placement.op.op} of ${placement.router}`;
  if (placement.rule === 'singleton') return 'a singleton';
  const ops = data.unplaced.newRouters.find((r) => r.router.name === placement.router)?.router.ops.length ?? 0;
  return `new router ${placement.router} (${countOf(ops, 'op')})`;
}

/** The catalog tools in no router and no singleton, each with where favindex proposes it goes, by the team's rule, and why. */
export function UnplacedCard({ query, draftPlaces, takenOut, blocked, onApply, onSingleton, onPage }: Props) {
  return (
    <Card aria-labelledby="unplaced-heading" data-testid="unplaced-tools">
      <CardHeader id="unplaced-heading" title="Tools placed nowhere" note="listed on their own until placed" />
      {takenOut.length > 0 ? (
        <>
          <h3 className="small">Taken out in your changes</h3>
          <ul className={styles.list} aria-label="Taken out in your changes">
            {takenOut.map((tool) => (
              <ToolRow key={tool} tool={tool} onSingleton={onSingleton} />
            ))}
          </ul>
        </>
      ) : null}
      <QueryView query={query} loadingLabel="Loading the tools placed nowhere" loadingRows={4}>
        {(data) => {
          const page = data.unplaced;
          if (page.total === 0) return <p className="small muted">Every catalog tool is in a router or a singleton.</p>;
          return (
            <>
              <p className="small">{countOf(page.total, 'catalog tool')} in no router and no singleton, each with where it would go.</p>
              {blocked ? <p className="small muted">{blocked}</p> : null}
              <ul className={styles.list} aria-label="Tools placed nowhere">
                {page.items.map((p) => (
                  <ToolRow
                    key={p.tool}
                    tool={p.tool}
                    placedInDraft={draftPlaces.has(p.tool)}
                    onSingleton={onSingleton}
                    initialReason={p.rule === 'singleton' ? p.singleton.reason : ''}
                  >
                    <p className={cx('small', styles.line)} data-testid="placement">
                      Goes to <strong>{whereWords(p, data)}</strong> <Badge>{RULE_WORDS[p.rule]}</Badge>
                    </p>
                    <p className={cx('small muted', styles.line)}>{p.why}</p>
                    {draftPlaces.has(p.tool) ? null : (
                      <button
                        type="button"
                        className="small"
                        aria-label={`Apply: ${p.tool} to ${whereWords(p, data)}`}
                        aria-disabled={blocked !== null || undefined}
                        onClick={() => blocked === null && onApply(p, data)}
                      >
                        Apply
                      </button>
                    )}
                  </ToolRow>
                ))}
              </ul>
              <OffsetPager noun="tools" page={page} onPage={onPage} />
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}

function ToolRow({
  tool,
  placedInDraft = false,
  initialReason = '',
  onSingleton,
  children,
}: {
  tool: string;
  placedInDraft?: boolean;
  initialReason?: string;
  onSingleton: Props['onSingleton'];
  children?: React.ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <li className={styles.item} aria-label={tool} data-testid="unplaced-tool" data-tool={tool}>
      <div className="row">
        <ToolName name={tool} className="mono small" />
        {placedInDraft ? <Badge tone="accent">placed in your changes</Badge> : null}
      </div>
      {children}
      {placedInDraft ? null : (
        <>
          <div className={styles.controls}>
            <button type="button" className="small" aria-expanded={asking} aria-label={`Make ${tool} a singleton…`} onClick={() => setAsking(!asking)}>
              Make singleton…
            </button>
          </div>
          {asking ? (
            <SingletonReason
              tool={tool}
              initial={initialReason}
              onDone={(reason) => {
                setAsking(false);
                onSingleton(tool, reason);
              }}
              onCancel={() => setAsking(false)}
            />
          ) : null}
        </>
      )}
    </li>
  );
}
