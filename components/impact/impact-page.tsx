'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { type ImpactParams, useImpactQuery } from '@/components/api/use-impact-query';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { Stack } from '@/components/ui/stack';
import type { ImpactMeasure } from '@/lib/impact/measures';
import { BacktestPanel } from './backtest-panel';
import { ChangePicker } from './change-picker';
import { impactSearch, parseImpactSearch } from './impact-search';
import { MeasuresTable } from './measures-table';
import { ReachPanel } from './reach-panel';
import { RevisionTrend } from './revision-trend';
import { SegmentPanel } from './segment-panel';
import { itemAt } from '@/lib/arrays';

/** Did the change help? One change judged per model, client and mode, the revisions in order, and the backtest. */
export function ImpactPage({ id }: { id: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = parseImpactSearch(new URLSearchParams(useSearchParams().toString()));
  const impact = useImpactQuery(id, params);
  const [measure, setMeasure] = useState<ImpactMeasure>('metaPerSession');

  function go(next: ImpactParams) {
    const search = impactSearch(next);
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  }

  return (
    <Stack>
      <QueryView
        query={impact}
        loadingLabel="Loading impact"
        loadingRows={8}
        loadingInCard
        isEmpty={(r) => r.comparison === null}
        empty={
          <Card as="div">
            <EmptyState testId="impact-empty">
              <p>
                <strong>Nothing to compare yet.</strong>
              </p>
              <p className="small">
                Every change of what the proxies present (a pin, a new mode) starts a new surface revision, judged against the one before. Change the{' '}
                <Link href={`/projects/${id}/favourites`}>favourites</Link> and send events to see its effect here.
              </p>
            </EmptyState>
          </Card>
        }
      >
        {(report) => {
          // biome-ignore lint/style/noNonNullAssertion: isEmpty above sends a report without a comparison to the empty state.
          const comparison = report.comparison!;
          const all = itemAt(comparison.segments, 0);
          return (
            <>
              <ChangePicker
                revisions={report.revisions}
                comparison={comparison}
                window={params.window}
                onRevision={(revision) => go({ revision, window: params.window })}
                onWindow={(window) => go({ ...params, window })}
              />
              <MeasuresTable segment={all} />
              <ReachPanel reach={comparison.reach} segments={comparison.segments} minSessions={comparison.minSessions} />
              <SegmentPanel segments={comparison.segments} measure={measure} onMeasure={setMeasure} />
              <RevisionTrend revisions={report.revisions} />
            </>
          );
        }}
      </QueryView>
      <BacktestPanel id={id} />
    </Stack>
  );
}
