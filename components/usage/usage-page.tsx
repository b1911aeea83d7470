'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEventsQuery } from '@/components/api/use-events-query';
import { useUsageQuery } from '@/components/api/use-usage-query';
import { FirstEventCommand } from '@/components/onboarding/first-event-command';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Columns } from '@/components/ui/columns';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { WhyCallsFail } from './arguments/why-calls-fail';
import { BreakdownTable } from './breakdown-table';
import { CoverageChart } from './coverage-chart';
import { DailyChart } from './daily-chart';
import { IdentitiesTable } from './identities-table';
import { PinNext } from './pin-next';
import { ToolsTable } from './tools-table';
import { TopToolsChart } from './top-tools-chart';
import { UnresolvedPanel } from './unresolved-panel';
import { UsageStats } from './usage-stats';
import { parseWindowChoice, usageParams, windowChoiceSearch, type WindowChoice } from './window-choice';
import { WindowPicker } from './window-picker';

/**
 * How to get calls into an empty window: the ready-to-copy command, unless the project has
 * never had an event, when the first-run steps above the usage already show it with a token.
 */
function FirstEventHint({ id }: { id: string }) {
  // The same query as the first-run steps: answered from their cache.
  const events = useEventsQuery(id, { limit: 1 });
  if (events.data?.events.length === 0) return <p className="small">The steps above send the first event; pick a longer window to see older calls.</p>;
  return (
    <>
      <p className="small">Pick a longer window, or send an event: this command sends one, ready to copy.</p>
      <FirstEventCommand id={id} />
    </>
  );
}

const namesOf = (rows: { name: string | null }[]) => rows.flatMap((r) => (r.name === null ? [] : [r.name]));

/** The usage page's window for the reads that have no status filter. */
function argumentWindow(choice: WindowChoice): { window: string; until?: string } {
  const { window, until } = usageParams(choice);
  return until === undefined ? { window } : { window, until };
}

/** The project's usage over a window kept in the URL: what models really call, and what the favourites catch. */
export function UsagePage({ id }: { id: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const { choice, problem } = parseWindowChoice(new URLSearchParams(search.toString()));
  const usage = useUsageQuery(id, usageParams(choice));
  const report = usage.data;

  function choose(next: WindowChoice) {
    // Only the window changes: the tools table's sort, also in the URL, stays.
    router.replace(`${pathname}?${windowChoiceSearch(next, new URLSearchParams(search.toString()))}`, { scroll: false });
  }

  return (
    <div>
      <Card as="div">
        <WindowPicker key={choice.kind === 'custom' ? `${choice.from}/${choice.to}` : 'preset'} choice={choice} onChange={choose} />
        <div className="row small muted" style={{ marginTop: 8 }}>
          {report ? (
            <span data-testid="usage-window">
              {report.window.from} – {report.window.to} (UTC, {report.window.days} {report.window.days === 1 ? 'day' : 'days'})
              {report.status === 'ok' ? ' · ok calls only' : ''}
            </span>
          ) : null}
          <span className="spacer" />
          {usage.isFetching ? <span aria-live="polite">Updating…</span> : null}
          {usage.dataUpdatedAt ? <span>Updated {new Date(usage.dataUpdatedAt).toLocaleTimeString()}</span> : null}
          <button type="button" className="link" onClick={() => usage.refetch()}>
            Refresh
          </button>
        </div>
        {problem ? (
          <Alert tone="warn" className="small" role="status" style={{ marginTop: 8, marginBottom: 0 }}>
            {problem}
          </Alert>
        ) : null}
      </Card>

      <QueryView
        query={usage}
        loadingLabel="Loading usage"
        loadingRows={8}
        loadingInCard
        isEmpty={(r) => r.totals.calls === 0}
        empty={
          <Card as="div">
            <EmptyState testId="usage-empty">
              <p>
                <strong>No calls in this window.</strong>
              </p>
              <FirstEventHint id={id} />
            </EmptyState>
          </Card>
        }
      >
        {(r) => (
          <>
            <UsageStats report={r} />
            <DailyChart series={r.series} />
            <Columns>
              <TopToolsChart rows={r.rows} />
              <CoverageChart coverage={r.coverage} maxFavourites={r.favourites.maxFavourites} />
            </Columns>
            <Columns>
              <UnresolvedPanel id={id} names={r.unresolved} others={r.unresolvedOthers} total={r.totals.unresolved} />
              <PinNext id={id} report={r} />
            </Columns>
            <WhyCallsFail id={id} {...argumentWindow(choice)} models={namesOf(r.breakdown.models)} clients={namesOf(r.breakdown.clients)} />
            <Columns>
              <BreakdownTable dimension="model" rows={r.breakdown.models} />
              <BreakdownTable dimension="client" rows={r.breakdown.clients} />
            </Columns>
            <IdentitiesTable id={id} {...argumentWindow(choice)} />
            <ToolsTable rows={r.rows} />
          </>
        )}
      </QueryView>
    </div>
  );
}
