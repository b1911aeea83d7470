'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useBakeoffRunQuery } from '@/components/api/use-bakeoff-run-query';
import { useBakeoffsQuery } from '@/components/api/use-bakeoffs-query';
import { Card, CardHeader } from '@/components/ui/card';
import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { pathOf } from '@/lib/api/endpoint';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { QueryView } from '@/components/ui/query-view';
import { Stack } from '@/components/ui/stack';
import { METRIC_NAMES, METRICS, type MetricName } from '@/lib/bakeoff/metrics';
import type { BakeoffRunSummary, BakeoffRunView } from '@/lib/contracts/bakeoffs';
import { countOf, formatNumber } from '@/lib/format';
import styles from './bakeoff.module.css';
import { BakeoffEmpty } from './bakeoff-empty';
import { DeleteRun } from './delete-run';
import { MetricChart } from './metric-chart';
import { ResultsTable } from './results-table';
import { TaskFormat } from './task-format';

/** "pinned against lazy, 2026-12-04 18:20 UTC: pinned beats lazy over all models by 40 ± 26 points: clear". */
function runLabel(run: BakeoffRunSummary): string {
  const when = `${run.name}, ${run.createdAt.slice(0, 16).replace('T', ' ')} UTC`;
  return run.verdict ? `${when}: ${run.verdict}` : when;
}

/** Which presentation to ship: the runs kept, one judged with its table, chart and verdicts. */
export function BakeoffPage({ id }: { id: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const asked = useSearchParams().get('run');
  const runs = useBakeoffsQuery(id);
  const list = runs.data?.runs ?? [];
  const selected = list.find((r) => r.id === asked)?.id ?? list[0]?.id ?? null;
  const run = useBakeoffRunQuery(id, selected);

  function pick(next: string) {
    router.replace(`${pathname}?run=${encodeURIComponent(next)}`, { scroll: false });
  }

  return (
    <Stack>
      <QueryView
        query={runs}
        loadingLabel="Loading bake-offs"
        loadingRows={4}
        loadingInCard
        isEmpty={(r) => r.runs.length === 0}
        empty={<BakeoffEmpty id={id} />}
      >
        {(data) => (
          <>
            <Card aria-labelledby="bakeoff-runs-heading">
              <CardHeader id="bakeoff-runs-heading" title="Bake-offs" note={countOf(data.runs.length, 'run')} />
              <div className={styles.picker}>
                <ChoiceSelect
                  label="Run"
                  value={selected ?? ''}
                  choices={data.runs.map((r) => r.id)}
                  // biome-ignore lint/style/noNonNullAssertion: the choices are these runs' ids.
                  optionLabel={(runId) => runLabel(data.runs.find((r) => r.id === runId)!)}
                  onChange={pick}
                />
              </div>
            </Card>
            {selected ? (
              <QueryView query={run} loadingLabel="Loading the run" loadingRows={6} loadingInCard>
                {(view) => <RunView id={id} run={view} />}
              </QueryView>
            ) : null}
          </>
        )}
      </QueryView>
      <TaskFormat id={id} />
    </Stack>
  );
}

function RunView({ id, run }: { id: string; run: BakeoffRunView }) {
  const [metric, setMetric] = useState<MetricName>(run.setup.metric);
  const pooled = run.verdicts.at(-1);
  const perModel = run.verdicts.slice(0, -1);
  const transcripts = pathOf(BAKEOFF_ENDPOINTS.transcripts, { id, runId: run.id });
  return (
    <>
      <Card aria-labelledby="bakeoff-verdict-heading">
        <CardHeader id="bakeoff-verdict-heading" title={run.name} note={run.createdBy ? `uploaded by ${run.createdBy}` : undefined} />
        <p className="small muted" data-testid="bakeoff-setup">
          {countOf(run.tasks, 'task')} × {countOf(run.presentations.length, 'presentation')} ({run.presentations.join(', ')}) ×{' '}
          {countOf(run.models.length, 'model')} × {countOf(run.runs, 'run')}: {formatNumber(run.transcripts)} of {formatNumber(run.cells)} cells measured
        </p>
        {pooled ? (
          <>
            <p className={styles.pooled} data-testid="bakeoff-verdict">
              {pooled.wording}
            </p>
            <ul className={styles.verdicts} data-testid="bakeoff-model-verdicts">
              {perModel.map((v) => (
                <li key={v.model}>{v.wording}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="small">Baseline and proposal are the same presentation: nothing to compare.</p>
        )}
        <div className="row">
          <a href={transcripts} download>
            Download transcripts (JSONL)
          </a>
          <DeleteRun projectId={id} run={run} />
        </div>
      </Card>
      <Card aria-labelledby="bakeoff-chart-heading">
        <CardHeader id="bakeoff-chart-heading" title={METRICS[metric].label}>
          <ChoiceSelect label="Metric" value={metric} choices={METRIC_NAMES} optionLabel={(m) => METRICS[m].label} onChange={setMetric} />
        </CardHeader>
        <MetricChart run={run} metric={metric} />
      </Card>
      <ResultsTable run={run} />
    </>
  );
}
