import type { StoredBakeoffSetup } from '@/db/schema';
import { METRIC_NAMES } from '@/lib/bakeoff/metrics';
import { recordOf } from '@/lib/records';
import { resultsTable, type TableValue } from '@/lib/bakeoff/results';
import { measuresOfSetup } from '@/lib/bakeoff/setup';
import { countedTranscripts, type Transcript } from '@/lib/bakeoff/transcript';
import { compareByModel } from '@/lib/bakeoff/verdict';
import type { BakeoffRunView, BakeoffValue } from '@/lib/contracts/bakeoffs';

/** JSON has no NaN: a value the runs leave undefined is null. */
function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

function contractValue(v: TableValue): BakeoffValue {
  return { estimate: finite(v.estimate), low: finite(v.low), high: finite(v.high), n: v.n };
}

export interface MeasuredRun {
  table: BakeoffRunView['table'];
  verdicts: BakeoffRunView['verdicts'];
  /** Transcripts counted: one per cell, endpoint failures left out. */
  counted: number;
}

/** A stored run measured as `favindex bakeoff` measured it: the same table and verdicts. */
export function measureStoredRun(setup: StoredBakeoffSetup, transcripts: readonly Transcript[]): MeasuredRun {
  const measures = measuresOfSetup({ ...setup, presentations: setup.presentations.map((p) => p.id) }, transcripts);
  const table = resultsTable(measures);
  const { metric } = setup;
  const verdicts = setup.baseline === setup.proposed ? [] : compareByModel(measures, { metric, proposed: setup.proposed, baseline: setup.baseline });
  return {
    table: {
      columns: [...table.columns],
      rows: table.rows.map((row) => ({
        presentation: row.presentation,
        model: row.model,
        n: row.n,
        values: recordOf(METRIC_NAMES, (m) => contractValue(row.values[m])),
        classes: row.classes,
        neverRecovered: row.neverRecovered,
      })),
    },
    verdicts: verdicts.map((v) => ({
      metric: v.metric,
      proposed: v.proposed,
      baseline: v.baseline,
      model: v.model,
      n: { proposed: v.n.proposed, baseline: v.n.baseline },
      difference: v.difference ? { estimate: v.difference.estimate, low: v.difference.low, high: v.difference.high } : null,
      standing: v.standing,
      clear: v.clear,
      wording: v.wording,
    })),
    counted: countedTranscripts(transcripts).length,
  };
}
