'use client';

import type { RouterSuggestionsView, RouterSuggestionView } from '@/components/api/use-router-suggestions-query';
import { Card, CardHeader } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { OffsetPager } from '@/components/ui/pager';
import { QueryView, type QueryLike } from '@/components/ui/query-view';
import { ToolName } from '@/components/ui/tool-name';
import { countOf, formatNumber } from '@/lib/format';
import styles from './routers.module.css';

interface Props {
  query: QueryLike<RouterSuggestionsView>;
  /** Why Apply cannot be pressed now (unsaved changes, a write under way), or null when it can. */
  blocked: string | null;
  onApply: (suggestion: RouterSuggestionView) => void;
  onPage: (offset: number) => void;
}

/** What a suggestion saves, in words: "saves 6 tools and 1,234 tokens". */
export function savesWords(saves: RouterSuggestionView['saves']): string {
  const tokens = saves.tokens.saved >= 0 ? `${formatNumber(saves.tokens.saved)} tokens` : `costs ${formatNumber(-saves.tokens.saved)} more tokens`;
  return `saves ${countOf(saves.tools.saved, 'tool')} and ${tokens}`;
}

/** Routers favindex suggests folding the catalog's unplaced tools into, each applied as one saved, undoable version. */
export function RouterSuggestionsCard({ query, blocked, onApply, onPage }: Props) {
  return (
    <Card aria-labelledby="router-suggestions-heading" data-testid="router-suggestions">
      <CardHeader id="router-suggestions-heading" title="Suggested routers" note="tools of one shape, from the catalog" />
      <QueryView query={query} loadingLabel="Loading the suggested routers" loadingRows={4}>
        {(data) => {
          const { suggestions: page } = data;
          if (page.total === 0) return <p className="small muted">No suggestion: every tool of one shape is in a router already, or has no sibling.</p>;
          return (
            <>
              <p className="small" data-testid="router-suggestions-total">
                {countOf(page.total, 'suggestion')} would fold {countOf(page.saves.tools.before, 'tool')} into {countOf(page.saves.tools.after, 'router')}:{' '}
                {savesWords(page.saves)} in all.
              </p>
              {blocked ? <p className="small muted">{blocked}</p> : null}
              <ul className={styles.list} aria-label="Suggested routers">
                {page.items.map((s) => (
                  <li key={s.router.name} className={styles.item} aria-label={s.router.name} data-testid="router-suggestion">
                    <div className="row">
                      <strong className="mono">{s.router.name}</strong>
                      <span className="small muted">{countOf(s.router.ops.length, 'op')}</span>
                      <span className="spacer" />
                      <button
                        type="button"
                        className="small"
                        aria-label={`Apply ${s.router.name}`}
                        aria-disabled={blocked !== null || undefined}
                        onClick={() => blocked === null && onApply(s)}
                      >
                        Apply
                      </button>
                    </div>
                    <p className={cx('small', styles.line)}>{s.why}</p>
                    <p className={cx('small muted', styles.line)} data-testid="router-suggestion-saves">
                      {savesWords(s.saves)} ({formatNumber(s.saves.tokens.before)} → {formatNumber(s.saves.tokens.after)} tokens)
                    </p>
                    <details>
                      <summary className="small">Its ops</summary>
                      <ul className="small">
                        {s.router.ops.map((op) => (
                          <li key={op.tool}>
                            <code>{op.op}</code> → <ToolName name={op.tool} className="mono" />: {op.note}
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ))}
              </ul>
              <OffsetPager noun="suggestions" page={page} onPage={onPage} />
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}
