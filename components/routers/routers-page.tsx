'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiClientError } from '@/components/api/fetch';
import { type PlacementView, type RouterSuggestionsView, useRouterSuggestionsQuery } from '@/components/api/use-router-suggestions-query';
import { useRoutersMutation } from '@/components/api/use-routers-mutation';
import { useRoutersQuery } from '@/components/api/use-routers-query';
import { Columns } from '@/components/ui/columns';
import { useUnsavedChangesGuard } from '@/components/ui/use-unsaved-changes-guard';
import { whenLoaded } from '@/components/ui/when-loaded';
import { errorDetails } from '@/lib/contracts/error-details';
import type { RoutersView, RoutersWriteResult } from '@/lib/contracts/routers';
import { someOf } from '@/lib/format';
import { type AppliedRouters, applyPlacements, applySuggestion } from '@/lib/routers/apply';
import { foldedTools, placesOf } from '@/lib/routers/places';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { stableStringify } from '@/lib/stable-json';
import { RouterSuggestionsCard } from './router-suggestions-card';
import { RoutersEditorCard } from './routers-editor-card';
import { type Edited, configOf, draftOf, makeSingleton, problemsOf, type RoutersDraft } from './routers-draft';
import { RoutersHistoryCard } from './routers-history-card';
import { RoutersSummary, type StaleSave } from './routers-summary';
import { UnplacedCard } from './unplaced-card';

/** The Routers tab (§routers): the routers and singletons edited as a draft and saved whole, the suggestions, the tools placed nowhere, the history. */
export const RoutersPage = whenLoaded(useRoutersQuery, { label: 'Loading the routers', rows: 6 }, RoutersEditor);

const saved = (view: RoutersView): RoutersConfig => ({ routers: view.routers, singletons: view.singletons });
const same = (a: RoutersConfig, b: RoutersConfig) => stableStringify(a) === stableStringify(b);
const PAGE = { suggestions: 10, unplaced: 20 };

function RoutersEditor({ id, data: view }: { id: string; data: RoutersView }) {
  const write = useRoutersMutation(id);
  const routersQuery = useRoutersQuery(id);
  const [from, setFrom] = useState({ config: saved(view), version: view.version });
  const [draft, setDraft] = useState<RoutersDraft>(() => draftOf(view));
  const [offset, setOffset] = useState(0);
  const [unplacedOffset, setUnplacedOffset] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const suggestions = useRouterSuggestionsQuery(id, { limit: PAGE.suggestions, offset, unplacedLimit: PAGE.unplaced, unplacedOffset });
  const config = useMemo(() => configOf(draft), [draft]);
  const edited = !same(config, from.config);
  const problems = useMemo(() => (edited ? problemsOf(draft) : []), [draft, edited]);
  useUnsavedChangesGuard(edited, 'The routers');

  // Saved elsewhere (another tab, the CLI) while this draft is untouched: follow it, there is nothing of ours to keep.
  useEffect(() => {
    if (view.version === from.version || edited) return;
    setFrom({ config: saved(view), version: view.version });
    setDraft(draftOf(view));
  }, [view, from.version, edited]);

  const missing = useMemo(() => new Set(view.missingFromCatalog), [view.missingFromCatalog]);
  const data = suggestions.data;
  // A saved change shortens the lists: a page past the end goes back to the first.
  useEffect(() => {
    if (data && offset > 0 && offset >= data.suggestions.total) setOffset(0);
    if (data && unplacedOffset > 0 && unplacedOffset >= data.unplaced.total) setUnplacedOffset(0);
  }, [data, offset, unplacedOffset]);
  const current = data !== undefined && data.routersVersion === from.version;
  const draftTools = edited && current ? data.presented.tools + foldedTools(from.config, missing) - foldedTools(config, missing) : null;
  const blocked = edited
    ? 'Save or discard your changes first: Apply saves the proposal as a version of its own, which Undo takes back.'
    : write.isPending
      ? 'Saving…'
      : !current
        ? 'Reading the proposals again for the routers in force…'
        : null;

  function announce(text: string, focus = false) {
    setNotice(text);
    if (focus) requestAnimationFrame(() => noticeRef.current?.focus());
  }

  /** An edit of the draft; `focus` when it removed the control used, so the focus is not lost. */
  function edit(next: RoutersDraft | Edited, said: string | null = null, focus = false) {
    const out = 'emptied' in next ? next : { draft: next, emptied: [] };
    setDraft(out.draft);
    setStale(null);
    write.reset();
    const gone = out.emptied.length > 0 ? ` ${someOf(out.emptied)} had no op left, so it goes too.` : '';
    if (said || gone) announce(`${said ?? ''}${gone}`.trim(), focus);
    else setNotice(null);
  }

  function settle(result: RoutersView, said: string) {
    setFrom({ config: saved(result), version: result.version });
    setDraft(draftOf(result));
    setStale(null);
    announce(said);
  }

  function refused(error: unknown) {
    const mismatch = error instanceof ApiClientError ? errorDetails(error.envelope, 'VERSION_MISMATCH') : undefined;
    if (mismatch && 'currentVersion' in mismatch) setStale({ currentVersion: mismatch.currentVersion });
  }

  async function save(next: RoutersConfig, ifMatch: number, said: (done: RoutersWriteResult) => string) {
    try {
      const done = await write.mutateAsync({ kind: 'replace', config: next, ifMatch });
      settle(done, `${done.changed ? said(done) : 'Nothing to save: the routers are as saved.'}${done.warning ? ` Note: ${done.warning}.` : ''}`);
    } catch (error) {
      refused(error);
    }
  }

  async function undo() {
    try {
      const done = await write.mutateAsync({ kind: 'undo', ifMatch: view.version });
      settle(done, `Undid version ${view.version}: the routers are as they were before it, now as version ${done.version}.`);
    } catch (error) {
      refused(error);
    }
  }

  async function reload() {
    const fresh = await routersQuery.refetch();
    if (fresh.data) settle(fresh.data, `Reloaded the routers in force: version ${fresh.data.version}. Your changes were dropped.`);
  }

  function apply(applied: AppliedRouters, what: string) {
    if (!applied.ok) return announce(`Could not apply ${what}: ${applied.problems.join('; ')}`, true);
    void save(applied.config, from.version, (done) => `Applied ${what}: saved as version ${done.version}. Undo takes it back.`);
  }

  function applyPlacement(placement: PlacementView, answer: RouterSuggestionsView) {
    const newRouters = placement.rule === 'new-router' ? answer.unplaced.newRouters.filter((r) => r.router.name === placement.router) : [];
    const where = placement.rule === 'singleton' ? 'a singleton' : placement.router;
    apply(applyPlacements(from.config, { placements: [placement], newRouters, skipped: [] }), `${placement.tool} to ${where}`);
  }

  const savedPlaces = useMemo(() => placesOf(from.config), [from.config]);
  const draftPlaces = useMemo(() => new Set(placesOf(config).keys()), [config]);
  const takenOut = useMemo(() => [...savedPlaces.keys()].filter((tool) => !draftPlaces.has(tool)), [savedPlaces, draftPlaces]);

  return (
    <>
      <RoutersSummary
        view={view}
        presented={current ? data.presented : undefined}
        draftTools={draftTools}
        edited={edited}
        problems={problems}
        busy={write.isPending}
        notice={notice}
        noticeRef={noticeRef}
        stale={stale}
        error={write.error}
        onSave={() => void save(config, from.version, (done) => `Saved as version ${done.version}.`)}
        onDiscard={() => edit(draftOf(from.config), 'Dropped your changes.')}
        onUndo={() => void undo()}
        onReload={() => void reload()}
        onOverwrite={() => stale && void save(config, stale.currentVersion, (done) => `Saved yours over theirs as version ${done.version}.`)}
      />
      <Columns>
        <div>
          <RoutersEditorCard draft={draft} missing={missing} onEdit={edit} />
        </div>
        <div>
          <RouterSuggestionsCard
            query={suggestions}
            blocked={blocked}
            onApply={(s) => apply(applySuggestion(from.config, s), `router ${s.router.name}`)}
            onPage={setOffset}
          />
          <UnplacedCard
            query={suggestions}
            draftPlaces={draftPlaces}
            takenOut={takenOut}
            blocked={blocked}
            onApply={applyPlacement}
            onSingleton={(tool, reason) => edit(makeSingleton(draft, tool, reason), `${tool} is a singleton in your changes.`, true)}
            onPage={setUnplacedOffset}
          />
          <RoutersHistoryCard id={id} />
        </div>
      </Columns>
    </>
  );
}
