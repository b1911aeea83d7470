'use client';

import { useState } from 'react';
import { useFindabilityQuery } from '@/components/api/use-findability-query';
import { Card, CardHeader } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { QueryView } from '@/components/ui/query-view';
import { countOf } from '@/lib/format';
import type { FindabilityResponse } from '@/lib/contracts/findability';
import type { ClientId } from '@/lib/surface/clients';
import { modeName } from '@/lib/surface/mode-traits';
import { FindabilityTable } from './findability-table';
import { SEARCH_CHOICES, type SearchChoice, searchLabel, searchOfClient, searchParams } from './search-choice';
import { TestQueriesEditor } from './test-queries-editor';

/**
 * Whether a deferring client's search finds each tool it defers: the tools it cannot tell from a
 * sibling or does not find by their own words, with what to change, and the user's test queries.
 */
export function FindabilityPanel({ id, client }: { id: string; client: ClientId }) {
  const [picked, setPicked] = useState<SearchChoice | null>(null);
  const choice = picked ?? searchOfClient(client);
  const report = useFindabilityQuery(id, searchParams(choice));
  return (
    <Card aria-labelledby="findability-heading" data-testid="findability">
      <CardHeader id="findability-heading" title="Findability of deferred tools" note={report.data ? <SearchNote data={report.data} /> : null}>
        <ChoiceSelect label="Search" value={choice} choices={SEARCH_CHOICES} optionLabel={searchLabel} onChange={setPicked} />
      </CardHeader>
      <QueryView query={report} loadingLabel="Loading findability" loadingRows={4}>
        {(data) => (
          <>
            <Summary data={data} busy={report.isFetching} />
            <FindabilityTable tools={data.tools.filter((t) => t.flagged)} />
            <TestQueriesEditor id={id} results={data.testQueries} tools={data.tools.map((t) => t.tool)} />
          </>
        )}
      </QueryView>
    </Card>
  );
}

function SearchNote({ data }: { data: FindabilityResponse }) {
  const { search } = data;
  return (
    <span title={data.method}>
      <span className="mono">{search.tool}</span> · loads {search.limit} per search{search.approximation ? ' · approximation' : ''}
    </span>
  );
}

function Summary({ data, busy }: { data: FindabilityResponse; busy: boolean }) {
  const { summary } = data;
  const tests = summary.testQueries;
  return (
    <p className="small" data-testid="findability-summary" aria-busy={busy}>
      {countOf(summary.deferred, 'deferred tool')} in {modeName(data.mode)} mode ({countOf(summary.loaded, 'tool')} kept loaded) · found by their own words:{' '}
      {summary.found} · <span className={summary.notFound > 0 ? 'tone-danger' : undefined}>not found: {summary.notFound}</span> ·{' '}
      <span className={summary.losingToSiblings > 0 ? 'tone-warn' : undefined}>lose to a sibling: {summary.losingToSiblings}</span>
      {tests.found + tests.missed > 0 ? (
        <>
          {' '}
          · test queries found {tests.found}, <span className={tests.missed > 0 ? 'tone-danger' : undefined}>missed {tests.missed}</span>
        </>
      ) : null}
      {data.search.approximation ? <span className="muted"> · {data.search.tool} does not rank by BM25: this is an approximation</span> : null}
    </p>
  );
}
