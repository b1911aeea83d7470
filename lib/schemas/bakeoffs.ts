import { z } from 'zod';
import { METRIC_NAMES } from '@/lib/bakeoff/metrics';
import { transcriptSchema } from '@/lib/bakeoff/results';
import { bakeoffTaskSchema, TASK_ID_RE } from '@/lib/bakeoff/task-schema';
import { BAKEOFF_LIMITS } from '@/lib/limits';
import { isCanonicalName } from '@/lib/names/canonical';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';

const slug = z.string().regex(TASK_ID_RE, 'must be a slug of letters, digits, _, . and - (at most 128)');

/** A presentation as `favindex bakeoff --presentation` names it: an id, a mode and the preview's query. */
export const bakeoffPresentationSchema = z
  .object({
    id: slug,
    mode: z.enum(SURFACE_MODES),
    query: z.record(z.string().min(1).max(64), z.string().max(4_096)).refine((q) => Object.keys(q).length <= 20, 'at most 20 settings'),
  })
  .strict();

/**
 * A finished (or partly finished) bake-off, as `favindex bakeoff --upload` sends it: the setup
 * it ran, the schemas of the tools its calls named, and its transcripts. The server keeps it and
 * measures it again, so the table on the page is the one the CLI printed.
 */
export const bakeoffUploadSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    tasks: z.array(bakeoffTaskSchema).min(1).max(BAKEOFF_LIMITS.tasks),
    presentations: z.array(bakeoffPresentationSchema).min(1).max(BAKEOFF_LIMITS.presentations),
    models: z.array(z.string().min(1).max(256)).min(1).max(BAKEOFF_LIMITS.models),
    runs: z.number().int().min(1).max(BAKEOFF_LIMITS.runs),
    seed: z.string().max(256).optional(),
    metric: z.enum(METRIC_NAMES).default('targetFirst'),
    baseline: slug.optional(),
    proposed: slug.optional(),
    schemas: z.record(z.string().max(512), z.record(z.string(), z.unknown())).default({}),
    transcripts: z.array(transcriptSchema).max(BAKEOFF_LIMITS.transcripts),
  })
  .strict()
  .superRefine((run, ctx) => {
    const twice = (list: string[]) => list.find((item, i) => list.indexOf(item) !== i);
    const ids = run.presentations.map((p) => p.id);
    const tasks = run.tasks.map((t) => t.id);
    for (const [path, list, what] of [
      ['tasks', tasks, 'task'],
      ['presentations', ids, 'presentation'],
      ['models', run.models, 'model'],
    ] as const) {
      const repeated = twice([...list]);
      if (repeated !== undefined) ctx.addIssue({ code: 'custom', path: [path], message: `${what} '${repeated}' is named twice` });
    }
    for (const side of ['baseline', 'proposed'] as const) {
      const id = run[side];
      if (id !== undefined && !ids.includes(id)) ctx.addIssue({ code: 'custom', path: [side], message: `no presentation is named '${id}'` });
    }
    for (const name of Object.keys(run.schemas)) {
      if (!isCanonicalName(name)) ctx.addIssue({ code: 'custom', path: ['schemas', name], message: `'${name}' is not a canonical server/tool name` });
    }
    // A transcript outside the setup would be kept and never counted: refuse it, so what is stored is what is shown.
    const known = { taskId: new Set(tasks), presentation: new Set(ids), model: new Set(run.models) };
    run.transcripts.forEach((t, i) => {
      for (const field of ['taskId', 'presentation', 'model'] as const) {
        if (!known[field].has(t.key[field]))
          ctx.addIssue({
            code: 'custom',
            path: ['transcripts', i, 'key', field],
            message: `'${t.key[field]}' is not one of the run's ${field === 'taskId' ? 'tasks' : `${field}s`}`,
          });
      }
      if (t.key.run >= run.runs)
        ctx.addIssue({ code: 'custom', path: ['transcripts', i, 'key', 'run'], message: `run ${t.key.run} is past the ${run.runs} run(s) per cell` });
    });
  });

export type BakeoffUpload = z.infer<typeof bakeoffUploadSchema>;
export type BakeoffPresentation = z.infer<typeof bakeoffPresentationSchema>;
