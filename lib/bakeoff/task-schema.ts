import { z } from 'zod';
import { compileToolSchema } from '@/lib/arguments/check';
import { BAKEOFF_LIMITS } from '@/lib/limits';
import { isCanonicalName } from '@/lib/names/canonical';

export const TASK_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

const CANONICAL_MESSAGE = "must be a canonical server/tool name, e.g. 'reports/run_report'";

const canonicalName = z.string().max(512).refine(isCanonicalName, CANONICAL_MESSAGE);

/** A JSON object: the arguments the check expects, or a fragment of JSON Schema (read from YAML or JSON, so its values are JSON). */
const jsonObject = z.record(z.string(), z.unknown());

export const threadTurnSchema = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.string().min(1).max(BAKEOFF_LIMITS.promptLength),
  })
  .strict();

/**
 * What the target call's arguments must hold: keys that must be there, values that must be
 * exactly so, and a JSON Schema fragment they must fit. All are optional; with none, any call
 * of the target passes.
 */
export const argumentChecksSchema = z
  .object({
    required: z.array(z.string().min(1).max(256)).max(100).optional(),
    equals: jsonObject.optional(),
    schema: jsonObject.optional(),
  })
  .strict();

export const bakeoffTaskSchema = z
  .object({
    id: z.string().regex(TASK_ID_RE, 'must be a slug of letters, digits, _, . and - (at most 128)'),
    prompt: z.string().min(1).max(BAKEOFF_LIMITS.promptLength).optional(),
    thread: z.array(threadTurnSchema).min(1).max(BAKEOFF_LIMITS.threadTurns).optional(),
    target: canonicalName,
    arguments: argumentChecksSchema.optional(),
    /** Canned results per tool (canonical name): what a call of it answers during the run. */
    fixtures: jsonObject.optional(),
    maxTurns: z.number().int().min(1).max(BAKEOFF_LIMITS.taskTurns).optional(),
  })
  .strict()
  .superRefine((task, ctx) => {
    if (task.prompt === undefined && task.thread === undefined) ctx.addIssue({ code: 'custom', path: [], message: 'needs a prompt or a thread' });
    if (task.prompt !== undefined && task.thread !== undefined)
      ctx.addIssue({ code: 'custom', path: ['thread'], message: 'give a prompt or a thread, not both' });
    // The model answers the last turn; an assistant's last word leaves it nothing to answer.
    if (task.thread && task.thread.at(-1)?.role !== 'user') {
      ctx.addIssue({ code: 'custom', path: ['thread', task.thread.length - 1, 'role'], message: "the last turn of a thread is the user's" });
    }
    for (const name of Object.keys(task.fixtures ?? {})) {
      if (!isCanonicalName(name)) ctx.addIssue({ code: 'custom', path: ['fixtures', name], message: `fixture '${name}' ${CANONICAL_MESSAGE}` });
    }
  });

/** A project's tasks (spec.bakeoffTasks): each id once, each schema fragment one that compiles. */
export const bakeoffTaskListSchema = z
  .array(bakeoffTaskSchema)
  .max(BAKEOFF_LIMITS.tasks)
  .superRefine((tasks, ctx) => {
    const seen = new Set<string>();
    tasks.forEach((task, i) => {
      if (seen.has(task.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `task '${task.id}' is named twice; each task id appears once` });
      seen.add(task.id);
      const schema = task.arguments?.schema;
      const compiled = schema ? compileToolSchema(schema) : null;
      if (compiled && !compiled.ok) ctx.addIssue({ code: 'custom', path: [i, 'arguments', 'schema'], message: compiled.reason });
    });
  });

export const bakeoffTaskFileSchema = z
  .object({
    // parseBakeoffTasks checks ids and schema fragments itself, to say where in the file.
    tasks: z.array(bakeoffTaskSchema).min(1).max(BAKEOFF_LIMITS.tasks),
  })
  .strict();

export type BakeoffTask = z.infer<typeof bakeoffTaskSchema>;
export type BakeoffTaskFile = z.infer<typeof bakeoffTaskFileSchema>;
export type ArgumentChecks = z.infer<typeof argumentChecksSchema>;
export type ThreadTurn = z.infer<typeof threadTurnSchema>;

/** The turns a run starts from: the thread as written, or the prompt as one user turn. */
export function openingTurns(task: BakeoffTask): ThreadTurn[] {
  return task.thread ? task.thread.map((t) => ({ ...t })) : [{ role: 'user', content: task.prompt ?? '' }];
}

/** A task with its keys in one fixed order, so a project's YAML depends only on its values. */
export function orderedBakeoffTask(task: BakeoffTask): BakeoffTask {
  const checks = task.arguments;
  return {
    id: task.id,
    ...(task.prompt !== undefined ? { prompt: task.prompt } : {}),
    ...(task.thread !== undefined ? { thread: task.thread.map((t) => ({ role: t.role, content: t.content })) } : {}),
    target: task.target,
    ...(checks !== undefined
      ? {
          arguments: {
            ...(checks.required !== undefined ? { required: [...checks.required] } : {}),
            ...(checks.equals !== undefined ? { equals: checks.equals } : {}),
            ...(checks.schema !== undefined ? { schema: checks.schema } : {}),
          },
        }
      : {}),
    ...(task.fixtures !== undefined ? { fixtures: task.fixtures } : {}),
    ...(task.maxTurns !== undefined ? { maxTurns: task.maxTurns } : {}),
  };
}
