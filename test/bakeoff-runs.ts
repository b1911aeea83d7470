import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { parseArguments, type Transcript } from '@/lib/bakeoff/transcript';
import type { BakeoffUpload } from '@/lib/schemas/bakeoffs';

/** What a planted bake-off is made of: per presentation, the share of runs whose first call is the target. */
export interface PlantedBakeoff {
  tasks?: number;
  models?: readonly string[];
  runs?: number;
  /** Presentation id → share of runs that call the target first (the rest wander once, then call it). */
  rightFirst: Record<string, number>;
  /** Per presentation, the input tokens of each model turn. */
  inputTokens?: Record<string, number>;
}

export const PLANTED_TARGET = 'reports/run_report';
const DETOUR = 'reports/lookup';

export const PLANTED_SCHEMAS = {
  [PLANTED_TARGET]: { type: 'object', properties: { startDate: { type: 'string' } }, required: ['startDate'] },
  [DETOUR]: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
};

function call(turn: number, canonical: string, raw: string) {
  return { turn, presented: canonical.replace('/', '__'), canonical, rawArguments: raw, arguments: parseArguments(raw) };
}

/**
 * A bake-off upload whose measures are known by construction: run r of a cell calls the target
 * first when r < runs × share, else calls the detour first (one call of wander) and then the
 * target. Every call is well-formed and every run completes, so per row: target right first
 * time = share, wander = 1 − share, tool calls = 2 − share.
 */
export function plantedBakeoff(plan: PlantedBakeoff): BakeoffUpload {
  const taskCount = plan.tasks ?? 2;
  const models = [...(plan.models ?? ['small-model', 'large-model'])];
  const runs = plan.runs ?? 5;
  const presentations = Object.keys(plan.rightFirst);
  const tasks: BakeoffTask[] = Array.from({ length: taskCount }, (_, i) => ({
    id: `task-${i + 1}`,
    prompt: `Run the report starting 2026-01-0${i + 1}`,
    target: PLANTED_TARGET,
    arguments: { required: ['startDate'] },
  }));
  const transcripts: Transcript[] = [];
  for (const task of tasks)
    for (const presentation of presentations)
      for (const model of models)
        for (let run = 0; run < runs; run++) {
          const right = run < Math.round(runs * plan.rightFirst[presentation]!);
          const target = call(right ? 0 : 1, PLANTED_TARGET, '{"startDate":"2026-01-05"}');
          const calls = right ? [target] : [call(0, DETOUR, '{"id":7}'), target];
          const inputTokens = plan.inputTokens?.[presentation] ?? 1_000;
          transcripts.push({
            key: { taskId: task.id, presentation, model, run },
            turns: calls.map(() => ({ inputTokens, outputTokens: 20, wallMs: 100 })).concat([{ inputTokens, outputTokens: 10, wallMs: 50 }]),
            calls,
            outcome: 'completed',
          });
        }
  return {
    tasks,
    presentations: presentations.map((id) => ({ id, mode: id === 'lazy' ? 'lazy' : 'pinned', query: { client: 'claude-code' } })),
    models,
    runs,
    metric: 'targetFirst',
    schemas: PLANTED_SCHEMAS,
    transcripts: transcripts as BakeoffUpload['transcripts'],
  };
}
