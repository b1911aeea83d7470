import type { RunMeasures, ToolSchemas } from '@/lib/bakeoff/metrics';
import { measuresOfSetup } from '@/lib/bakeoff/setup';
import { remaining, schedule } from '@/lib/bakeoff/schedule';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { countedTranscripts, doneKeys, type Transcript } from '@/lib/bakeoff/transcript';
import type { ModelEndpoint } from './endpoint';
import type { CallTool } from './live-servers';
import type { Presentation } from './presentation';
import { runCell } from './run-cell';

export interface BakeoffSetup {
  tasks: readonly BakeoffTask[];
  presentations: readonly Presentation[];
  models: readonly string[];
  /** N: runs per cell. */
  runs: number;
  seed?: string | number;
  /** Tools without a fixture are called on the real servers (`--servers`); without it they answer a plain success. */
  callTool?: CallTool;
}

export interface BakeoffHooks {
  /** Each transcript as soon as it is made, before the next cell runs: append it to the results. */
  record(transcript: Transcript): void | Promise<void>;
  progress?(done: number, total: number, transcript: Transcript): void;
}

export interface BakeoffOutcome {
  /** The counted transcripts, the earlier ones first. */
  transcripts: Transcript[];
  /** Cells run now (endpoint failures included), and cells already measured before. */
  ran: number;
  alreadyDone: number;
  /** Cells whose run failed at the endpoint this time: a resume runs them again. */
  failed: number;
}

/**
 * The cells of the setup's interleaved order that `previous` has not measured, one after the
 * other: stopping at any point and starting again with what was recorded runs each cell once.
 */
export async function runBakeoff(endpoint: ModelEndpoint, setup: BakeoffSetup, previous: readonly Transcript[], hooks: BakeoffHooks): Promise<BakeoffOutcome> {
  const tasks = new Map(setup.tasks.map((t) => [t.id, t]));
  const presentations = new Map(setup.presentations.map((p) => [p.id, p]));
  const order = schedule({ tasks: [...tasks.keys()], presentations: [...presentations.keys()], models: setup.models, runs: setup.runs, seed: setup.seed });
  const todo = remaining(order, doneKeys(previous));
  const made: Transcript[] = [];
  let failed = 0;
  for (const key of todo) {
    // biome-ignore lint/style/noNonNullAssertion: the schedule is built from these same tasks and presentations, so both keys are present.
    const transcript = await runCell(endpoint, key, tasks.get(key.taskId)!, presentations.get(key.presentation)!, setup.callTool);
    if (transcript.outcome === 'endpoint_error') failed++;
    made.push(transcript);
    await hooks.record(transcript);
    hooks.progress?.(made.length, todo.length, transcript);
  }
  return { transcripts: countedTranscripts([...previous, ...made]), ran: todo.length, alreadyDone: order.length - todo.length, failed };
}

/** The catalog tools' schemas by canonical name, as the presentations showed them: what well-formed is judged by. */
export function schemasOf(presentations: readonly Presentation[]): ToolSchemas {
  const schemas: Record<string, Record<string, unknown>> = {};
  for (const p of presentations) for (const [canonical, tool] of p.catalog) schemas[canonical] ??= tool.inputSchema;
  return schemas;
}

/** Measures of the transcripts that belong to this setup (a results file may hold other cells too). */
export function measuresOf(setup: BakeoffSetup, transcripts: readonly Transcript[]): RunMeasures[] {
  const { tasks, models, runs } = setup;
  return measuresOfSetup({ tasks, models, runs, presentations: setup.presentations.map((p) => p.id), schemas: schemasOf(setup.presentations) }, transcripts);
}
