import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { FAILURE_CLASSES } from '@/lib/arguments/classes';
import { FAILURE_CLASS_WORDS } from '@/lib/arguments/labels';
import { METRICS, type MetricName } from '@/lib/bakeoff/metrics';
import { neverRecoveredNote } from '@/lib/bakeoff/results';
import type { BakeoffRunView } from '@/lib/contracts/bakeoffs';
import styles from './bakeoff.module.css';
import { bakeoffValueParts } from './format';

type Row = BakeoffRunView['table']['rows'][number];

const HELP: Record<MetricName, string> = {
  targetFirst: 'The first tool call went to the task’s target.',
  firstCallCorrect: 'The first call went to the target, with arguments that pass the task’s checks.',
  wellFormed: 'Every call’s arguments were a JSON object that fits the tool’s schema.',
  completed: 'The target was called with passing arguments before the run ended.',
  toolCalls: 'Tool calls per run.',
  wander: 'Calls before the first call of the target, per run.',
  wrongOps: 'Router calls naming an op the router lacks, per run (routers presentations).',
  turnsToRecover: 'After a wrong op, the turns until a right op of that router or the target was called, per recovery; below it, the recoveries never made.',
  inputTokensPerTurn: 'Input tokens the model was sent per turn: what the tool list costs.',
  cachedTokens: 'Input tokens the endpoint served from its cache, per run, where it reports them.',
  wallMs: 'Time at the endpoint per run, in milliseconds.',
};

/** The calls of a row that failed, in Usage's classes: "3 missing required, 1 invented tool". */
export function failedCalls(row: Row): string {
  const failed = FAILURE_CLASSES.filter((c) => c !== 'ok' && (row.classes[c] ?? 0) > 0);
  return failed.map((c) => `${row.classes[c]} ${FAILURE_CLASS_WORDS[c].label.toLowerCase()}`).join(', ');
}

function columnsOf(metrics: readonly MetricName[]): Column<Row>[] {
  return [
    { id: 'presentation', header: 'Presentation', cell: (r) => <strong>{r.presentation}</strong>, label: 'Presentation' },
    { id: 'model', header: 'Model', className: `mono ${styles.model}`, cell: (r) => r.model },
    { id: 'n', header: 'n', headerTitle: 'Runs in this row', label: 'Runs', numeric: true, cell: (r) => r.n },
    ...metrics.map(
      (m): Column<Row> => ({
        id: m,
        header: METRICS[m].label,
        headerTitle: `${HELP[m]} 95% interval in brackets.`,
        numeric: true,
        className: styles.value,
        cell: (r) => {
          const value = r.values[m];
          const { estimate, bounds } = bakeoffValueParts(m, value);
          const never = m === 'turnsToRecover' ? neverRecoveredNote(r) : null;
          // The interval under its value keeps the columns within a laptop's width.
          return (
            <span data-metric={m} data-estimate={value.estimate ?? undefined}>
              {estimate}
              {bounds ? <span className={styles.bounds}> {bounds}</span> : null}
              {never ? (
                <span className={styles.bounds} data-never-recovered={r.neverRecovered}>
                  {' '}
                  {never}
                </span>
              ) : null}
            </span>
          );
        },
      }),
    ),
    { id: 'failed', header: 'Calls that failed', className: 'small', cell: (r) => failedCalls(r) || 'none' },
  ];
}

/** RockBot's results table: a row per presentation × model, a column per metric with its 95% interval. */
export function ResultsTable({ run }: { run: BakeoffRunView }) {
  return (
    <Card aria-labelledby="bakeoff-results-heading">
      <CardHeader id="bakeoff-results-heading" title="Results" note="95% intervals in brackets: Wilson for shares, t for means" />
      <DataTable
        columns={columnsOf(run.table.columns)}
        rows={run.table.rows}
        rowKey={(r) => `${r.presentation}\u0000${r.model}`}
        labelledBy="bakeoff-results-heading"
        testId="bakeoff-results"
      />
    </Card>
  );
}
