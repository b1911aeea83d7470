'use client';

import type { RefObject } from 'react';
import type { RouterSuggestionsView } from '@/components/api/use-router-suggestions-query';
import { Alert } from '@/components/ui/alert';
import { Card, CardHeader } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { ErrorNotice } from '@/components/ui/error-notice';
import type { RoutersView } from '@/lib/contracts/routers';
import { countOf } from '@/lib/format';
import styles from './routers.module.css';

/** A save refused because someone saved other routers meanwhile (412): the version now in force. */
export interface StaleSave {
  currentVersion: number;
}

interface Props {
  view: RoutersView;
  presented: RouterSuggestionsView['presented'] | undefined;
  /** What the routers mode would present with the unsaved draft; null without changes. */
  draftTools: number | null;
  edited: boolean;
  problems: string[];
  busy: boolean;
  notice: string | null;
  noticeRef: RefObject<HTMLDivElement | null>;
  stale: StaleSave | null;
  error: unknown;
  onSave: () => void;
  onDiscard: () => void;
  onUndo: () => void;
  onReload: () => void;
  onOverwrite: () => void;
}

/** The presented count against the attention budget, and the save, discard and undo of the routers. */
export function RoutersSummary(props: Props) {
  const { view, presented, draftTools, edited, problems, busy, stale } = props;
  const shown = draftTools ?? presented?.tools;
  const over = presented !== undefined && shown !== undefined && shown > presented.budget;
  const saveBlocked = !edited || busy || problems.length > 0;
  return (
    <Card aria-labelledby="routers-heading" data-testid="routers-summary">
      <CardHeader
        id="routers-heading"
        title="Routers"
        note={`version ${view.version} · ${countOf(view.routers.length, 'router')} of ${countOf(view.ops, 'op')}, ${countOf(view.singletons.length, 'singleton')}`}
      />
      <p className="small muted">
        A router folds tools of one shape into one tool with a typed op; a singleton keeps a tool on its own, with the reason. Nothing changes for a client
        until you save, and only in the routers mode.
      </p>
      {presented && shown !== undefined ? (
        <p data-testid="routers-budget">
          <span className={cx(styles.count, over && styles.over)}>
            {shown} / {presented.budget}
          </span>{' '}
          <span className="small">
            tools presented in the routers mode {edited ? 'with your changes' : 'now'}, against the attention budget (
            {countOf(presented.agentTools, 'agent tool')} and {countOf(presented.favourites, 'favourite')} counted)
            {edited ? `; ${presented.tools} as saved` : ''}.
          </span>
          {over ? (
            <span className="small tone-danger" data-testid="routers-over-budget">
              {' '}
              That is {shown - presented.budget} over: fold more tools into routers, or raise the budget in Settings.
            </span>
          ) : null}
        </p>
      ) : null}
      <div className={styles.controls}>
        <button type="button" className="primary" aria-disabled={saveBlocked || undefined} onClick={() => !saveBlocked && props.onSave()}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        {edited ? (
          <button type="button" onClick={props.onDiscard}>
            Discard my changes
          </button>
        ) : null}
        <button
          type="button"
          aria-disabled={edited || busy || view.version === 0 || undefined}
          onClick={() => !(edited || busy || view.version === 0) && props.onUndo()}
        >
          Undo the last change
        </button>
        <span className="small muted">{edited ? 'You have changes not saved yet.' : 'No unsaved changes.'}</span>
      </div>
      {problems.length > 0 ? (
        <Alert tone="warn" className="small" data-testid="routers-problems">
          Not saved until these are fixed:
          <ul className={styles.problems}>
            {problems.slice(0, 8).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {stale ? (
        <Alert tone="warn" role="alert" data-testid="routers-stale">
          Someone saved other routers meanwhile (version {stale.currentVersion} is in force now), so nothing was saved.
          <div className={styles.controls}>
            <button type="button" onClick={props.onReload}>
              Reload theirs (drops your changes)
            </button>
            <button type="button" onClick={props.onOverwrite}>
              Save mine over theirs
            </button>
          </div>
        </Alert>
      ) : props.error ? (
        <ErrorNotice error={props.error} />
      ) : null}
      <div role="status" ref={props.noticeRef} tabIndex={-1} data-testid="routers-notice" className="small">
        {props.notice}
      </div>
    </Card>
  );
}
