'use client';

import { useState } from 'react';
import { useBacktestQuery } from '@/components/api/use-backtest-query';
import { Alert } from '@/components/ui/alert';
import { Card, CardHeader } from '@/components/ui/card';
import { Columns } from '@/components/ui/columns';
import { type Column, DataTable } from '@/components/ui/data-table';
import { QueryView } from '@/components/ui/query-view';
import type { BacktestWeek } from '@/lib/contracts/backtest';
import { formatNumber, formatPercent } from '@/lib/format';
import { CurveChart, RefreshChart, WeeklyChart } from './backtest-charts';
import { ChoiceSelect } from '@/components/ui/choice-select';

const share = (value: number | null) => (value === null ? '—' : formatPercent(value));
const NO_CALLS = 'no calls this week';
/** A share of the week's calls, or why there is none: a week without calls has nothing to catch. */
const caught = (w: BacktestWeek, value: number | null) => (w.calls === 0 ? NO_CALLS : share(value));

const COLUMNS: Column<BacktestWeek>[] = [
  { id: 'week', header: 'Week (UTC)', className: 'nowrap', cell: (w) => `${w.from} – ${w.to}` },
  { id: 'calls', header: 'Calls', numeric: true, cell: (w) => formatNumber(w.calls) },
  {
    id: 'suggested',
    header: 'The rule',
    headerTitle: 'the top K of the train window before the week',
    numeric: true,
    cellTitle: (w) => w.suggested.tools.join(', '),
    // Calls this week but none in the window before it: the rule had nothing to choose from.
    cell: (w) => (w.calls > 0 && w.suggested.share === null ? 'no calls before it to learn from' : caught(w, w.suggested.share)),
  },
  {
    id: 'pinned',
    header: 'Pinned then',
    numeric: true,
    cellTitle: (w) => `favourites v${w.pinned.version}${w.pinned.enabled ? '' : ' (disabled)'}: ${w.pinned.tools.join(', ')}`,
    cell: (w) => (w.calls === 0 ? NO_CALLS : `${share(w.pinned.share)} (v${w.pinned.version})`),
  },
  { id: 'best', header: 'Best possible', numeric: true, cellTitle: (w) => w.best.tools.join(', '), cell: (w) => caught(w, w.best.share) },
];

const WEEK_CHOICES = [4, 8, 12, 26];

/** How many favourites, and how often to refresh: the rule, the pinned favourites and the best K, week by week. */
export function BacktestPanel({ id }: { id: string }) {
  // Until one is picked, the weeks the project has calls in (the server counts them).
  const [picked, setPicked] = useState<number | null>(null);
  const backtest = useBacktestQuery(id, { weeks: picked, train: '28d' });
  const withCalls = backtest.data?.weeksOfCalls;
  const weeks = picked ?? withCalls;
  const choices = withCalls === undefined ? WEEK_CHOICES : [...new Set([withCalls, ...WEEK_CHOICES])].sort((a, b) => a - b);
  return (
    <Card aria-labelledby="backtest-heading" data-testid="backtest">
      <CardHeader id="backtest-heading" title="Backtest: how many favourites, how often to refresh">
        {weeks === undefined ? null : (
          <ChoiceSelect
            label="Weeks"
            name="Weeks to backtest"
            className="row small muted"
            value={weeks}
            choices={choices}
            optionLabel={(n) => (n === withCalls ? `${n} (all with calls)` : String(n))}
            onChange={setPicked}
          />
        )}
      </CardHeader>
      <QueryView query={backtest} loadingLabel="Loading the backtest" loadingRows={6}>
        {(report) => (
          <>
            <Alert className="small" data-testid="backtest-recommendation">
              {report.recommendation.text}
            </Alert>
            <p className="small muted">
              Each week is scored on its attributed calls: {report.k} favourites chosen by the suggestion rule from the {report.trainDays} days before it, the
              favourites pinned when it began, and the week&apos;s own top {report.k}.
            </p>
            <WeeklyChart report={report} />
            <DataTable columns={COLUMNS} rows={report.weeks} rowKey={(w) => w.from} label="Backtest by week" testId="backtest-table" />
            <Columns>
              <div>
                <h3 className="small">Every week, by number of favourites</h3>
                <CurveChart report={report} />
              </div>
              <div>
                <h3 className="small">A suggestion as it ages</h3>
                <RefreshChart report={report} />
              </div>
            </Columns>
          </>
        )}
      </QueryView>
    </Card>
  );
}
