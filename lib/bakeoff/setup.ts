import { measureRuns, type RunMeasures, type ToolSchemas } from './metrics';
import type { BakeoffTask } from './task-schema';
import type { Transcript } from './transcript';

/** What a bake-off's transcripts are measured against: its tasks, the cells it ran and the schemas it showed. */
export interface MeasuredSetup {
  tasks: readonly BakeoffTask[];
  /** Presentation ids, in the order the run named them. */
  presentations: readonly string[];
  models: readonly string[];
  /** N: runs per cell. */
  runs: number;
  /** The catalog tools' inputSchemas by canonical name, as the presentations showed them: what well-formed is judged by. */
  schemas: ToolSchemas;
}

/** Measures of the transcripts that belong to this setup (a results file may hold other cells too), rows in the setup's order. */
export function measuresOfSetup(setup: MeasuredSetup, transcripts: readonly Transcript[]): RunMeasures[] {
  const mine = transcriptsOfSetup(setup, transcripts);
  // In the order the setup names them, so the table's rows read as the command line listed them.
  const rank = (list: readonly string[], item: string) => list.indexOf(item);
  mine.sort(
    (a, b) =>
      rank(setup.presentations, a.key.presentation) - rank(setup.presentations, b.key.presentation) ||
      rank(setup.models, a.key.model) - rank(setup.models, b.key.model),
  );
  return measureRuns(setup.tasks, mine, { schemas: setup.schemas });
}

/** The transcripts of the setup's cells: the ones an upload of it may carry. */
export function transcriptsOfSetup(setup: Omit<MeasuredSetup, 'schemas'>, transcripts: readonly Transcript[]): Transcript[] {
  const ids = new Set(setup.presentations);
  const models = new Set(setup.models);
  const tasks = new Set(setup.tasks.map((t) => t.id));
  return transcripts.filter((t) => ids.has(t.key.presentation) && models.has(t.key.model) && tasks.has(t.key.taskId) && t.key.run < setup.runs);
}

/** The schemas of the tools the transcripts called: all a stored run needs to judge its calls again. */
export function calledSchemas(schemas: ToolSchemas, transcripts: readonly Transcript[]): Record<string, Record<string, unknown>> {
  const called: Record<string, Record<string, unknown>> = {};
  for (const t of transcripts) {
    for (const call of t.calls) {
      const schema = call.canonical === null ? undefined : schemas[call.canonical];
      if (call.canonical !== null && schema) called[call.canonical] = schema;
    }
  }
  return called;
}
