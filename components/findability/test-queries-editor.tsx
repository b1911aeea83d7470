'use client';

import { type FormEvent, useState } from 'react';
import { useTestQueriesMutation } from '@/components/api/use-test-queries-mutation';
import { useTestQueriesQuery } from '@/components/api/use-test-queries-query';
import { DataTable, type Column } from '@/components/ui/data-table';
import { SubmitError } from '@/components/ui/error-notice';
import type { FindabilityResponse, TestQuery } from '@/lib/contracts/findability';
import { TEST_QUERY_LIMITS } from '@/lib/limits';

type Result = FindabilityResponse['testQueries'][number];

const STATUS: Record<Result['status'], { text: string; tone?: string }> = {
  found: { text: 'found', tone: 'tone-ok' },
  missed: { text: 'missed', tone: 'tone-danger' },
  loaded: { text: 'kept loaded: no search needed' },
  'not-listed': { text: 'not in this mode’s list', tone: 'tone-warn' },
  'not-in-catalog': { text: 'not in the catalog', tone: 'tone-warn' },
};

/**
 * The test queries kept with the project, each with what the search made of it, and a form to
 * add one. Every change sends the whole list; a refused one leaves the list as it was.
 */
export function TestQueriesEditor({ id, results, tools }: { id: string; results: Result[]; tools: string[] }) {
  const kept = useTestQueriesQuery(id);
  const write = useTestQueriesMutation(id);
  const [query, setQuery] = useState('');
  const [tool, setTool] = useState('');
  const list: TestQuery[] = kept.data?.queries ?? [];
  const resultOf = (q: TestQuery) => results.find((r) => r.query === q.query && r.tool === q.tool);

  function onAdd(e: FormEvent) {
    e.preventDefault();
    const sent = { query, tool: tool.trim() };
    // Cleared once the list is saved, not once the reports are fetched again, and only if the
    // fields still hold what was sent: a person may already be typing the next query.
    write.mutate([...list, sent], {
      onSuccess: () => {
        setQuery((now) => (now === sent.query ? '' : now));
        setTool((now) => (now.trim() === sent.tool ? '' : now));
      },
    });
  }

  const columns: Column<TestQuery>[] = [
    { id: 'query', header: 'Test query', cell: (q) => q.query },
    { id: 'tool', header: 'Should find', cell: (q) => q.tool, className: 'mono' },
    {
      id: 'status',
      header: 'Search',
      cell: (q) => {
        const r = resultOf(q);
        if (!r) return '…';
        const s = STATUS[r.status];
        return <span className={s.tone}>{r.rank === null ? s.text : `${s.text} (rank ${r.rank})`}</span>;
      },
    },
    {
      id: 'remove',
      header: <span className="visually-hidden">Remove</span>,
      cell: (q) => (
        <button
          type="button"
          disabled={write.isPending}
          onClick={() => write.mutate(list.filter((other) => other !== q))}
          aria-label={`Remove the test query ${q.query}`}
        >
          Remove
        </button>
      ),
    },
  ];

  return (
    <div data-testid="test-queries">
      <h3 id="test-queries-heading">Test queries</h3>
      <p className="small muted">What a model might search by, and the tool it should find: kept with the project (and in its YAML).</p>
      <DataTable columns={columns} rows={list} rowKey={(q) => `${q.tool} ${q.query}`} labelledBy="test-queries-heading" emptyMessage="No test queries yet." />
      <form className="row" style={{ alignItems: 'flex-end', marginTop: 8 }} onSubmit={onAdd}>
        <label className="field" style={{ flex: 2 }}>
          Query
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            maxLength={TEST_QUERY_LIMITS.queryLength}
            placeholder="find the tool that opens a pull request"
          />
        </label>
        <label className="field" style={{ flex: 1 }}>
          Tool (server/tool)
          <input value={tool} onChange={(e) => setTool(e.target.value)} list="findability-tools" placeholder="github/create_pull_request" />
        </label>
        <datalist id="findability-tools">
          {tools.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <button type="submit" className="primary" disabled={write.isPending || list.length >= TEST_QUERY_LIMITS.perProject}>
          {write.isPending ? 'Saving…' : 'Add test query'}
        </button>
      </form>
      <SubmitError write={write} />
    </div>
  );
}
