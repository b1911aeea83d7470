'use client';

import { useState } from 'react';
import { useFindabilityQuery } from '@/components/api/use-findability-query';
import { Card, CardHeader } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { QueryView } from '@/components/ui/query-view';
import { countOf, formatNumber } from '@/lib/format';
import { FINDABILITY_ASKED_ABOVE } from '@/lib/limits';
import type { FindabilityResponse } from '@/lib/contracts/findability';
import type { ClientId } from '@/lib/surface/clients';
import { modeName } from '@/lib/surface/mode-traits';
import { FindabilityTable } from './findability-table';
import { SEARCH_CHOICES, type SearchChoice, searchLabel, searchOfClient, searchParams } from './search-choice';
import { TestQueriesEditor } from './test-queries-editor';

interface Props {
  id: string;
  client: ClientId;
  /** Hold the report back while what is drawn above it is still asked for (the preview): the server answers one request's work at a time. */
  after?: boolean;
  /** The catalog's size, when known: a large one's report runs on request. */
  catalogTools?: number;
}

/**
 * Whether a deferring client's search finds each tool it defers: the tools it cannot tell from a
 * sibling or does not find by their own words, with what to change, and the user's test queries.
 */
export function FindabilityPanel({ id, client, after = false, catalogTools = 0 }: Props) {
  const [picked, setPicked] = useState<SearchChoice | null>(null);
  const [asked, setAsked] = useState(false);
  const choice = picked ?? searchOfClient(client);
  const onRequest = catalogTools > FINDABILITY_ASKED_ABOVE && !asked;
  const report = useFindabilityQuery(id, searchParams(choice), { enabled: !after && !onRequest });
  return (
    <Card aria-labelledby="findability-heading" data-testid="findability">
      <CardHeader id="findability-heading" title="Findability of deferred tools" note={report.data ? <SearchNote data={report.data} /> : null}>
        <ChoiceSelect label="Search" value={choice} choices={SEARCH_CHOICES} optionLabel={searchLabel} onChange={setPicked} />
      </CardHeader>
      {onRequest ? (
        <p className="small" data-testid="findability-on-request">
          The report searches for each of the {formatNumber(catalogTools)} tools by its own words among all the others: at this size it takes a while, so it
          runs when you ask.{' '}
          <button type="button" onClick={() => setAsked(true)}>
            Check findability
          </button>
        </p>
      ) : (
        <QueryView query={report} loadingLabel="Loading findability" loadingRows={4}>
          {(data) => (
            <>
              <Summary data={data} busy={report.isFetching} />
              <FindabilityTable tools={data.tools.filter((t) => t.flagged)} />
              <TestQueriesEditor id={id} results={data.testQueries} tools={data.tools.map((t) => t.tool)} />
            </>
          )}
        </QueryView>
      )}
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
