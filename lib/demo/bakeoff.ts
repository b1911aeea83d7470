import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { parseArguments, type Transcript } from '@/lib/bakeoff/transcript';
import type { BakeoffUpload } from '@/lib/schemas/bakeoffs';
import { seededRandom, seedOf } from '@/lib/stats/random';
import type { DemoServer } from './generate';
import { itemAt } from '@/lib/arrays';

const MODELS = ['demo-small', 'demo-large'] as const;
const RUNS = 10;
const PRESENTATIONS = ['eager', 'favindex'] as const;

/** How often each model's first call is the target, per presentation; the favourites help the small model most. */
const RIGHT_FIRST: Record<(typeof PRESENTATIONS)[number], Record<(typeof MODELS)[number], number>> = {
  eager: { 'demo-small': 0.35, 'demo-large': 0.65 },
  favindex: { 'demo-small': 0.7, 'demo-large': 0.85 },
};
/** How often a call of the target leaves out a required key. */
const MISSES_A_KEY: Record<(typeof MODELS)[number], number> = { 'demo-small': 0.25, 'demo-large': 0.08 };
/** Input tokens per turn: every tool's schema against the favourites and the catalog tools. */
const INPUT_TOKENS: Record<(typeof PRESENTATIONS)[number], number> = { eager: 21_000, favindex: 4_800 };

interface Target {
  canonical: string;
  required: string[];
  schema: Record<string, unknown>;
}

/** The first tool of each of three servers that has required arguments: tasks a person would write. */
function targetsOf(servers: readonly DemoServer[]): Target[] {
  const targets: Target[] = [];
  for (const server of servers) {
    const tool = server.tools.find((t) => Array.isArray(t.inputSchema.required) && t.inputSchema.required.length > 0);
    // Sound: the find above picked a tool whose required is an array; the demo catalogs list names there.
    if (tool) targets.push({ canonical: `${server.server}/${tool.name}`, required: tool.inputSchema.required as string[], schema: tool.inputSchema });
    if (targets.length === 3) break;
  }
  return targets;
}

function argumentsFor(required: readonly string[], leaveOut: boolean): string {
  const keys = leaveOut ? required.slice(1) : required;
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, `demo-${k}`])));
}

/**
 * A bake-off of the demo project's own tools, generated, as the demo's traces are: no model was
 * called. Its shape is that of a real run (3 tasks × 2 presentations × 2 models × 10 runs), so
 * the Bake-off tab has something to show before a team runs its own.
 */
export function demoBakeoff(servers: readonly DemoServer[]): BakeoffUpload {
  const random = seededRandom(seedOf('demo-bakeoff'));
  const targets = targetsOf(servers);
  const tasks: BakeoffTask[] = targets.map((t, i) => ({
    id: `demo-${i + 1}`,
    prompt: `Use ${t.canonical} with ${t.required.join(', ')} set`,
    target: t.canonical,
    arguments: { required: t.required },
  }));
  const transcripts: Transcript[] = [];
  for (const [i, task] of tasks.entries()) {
    const target = itemAt(targets, i);
    const detour = itemAt(targets, (i + 1) % targets.length);
    for (const presentation of PRESENTATIONS)
      for (const model of MODELS)
        for (let run = 0; run < RUNS; run++) {
          const first = random() < RIGHT_FIRST[presentation][model];
          const raw = argumentsFor(target.required, random() < MISSES_A_KEY[model]);
          const call = (turn: number, t: Target, text: string) => ({
            turn,
            presented: t.canonical.replace('/', '__'),
            canonical: t.canonical,
            rawArguments: text,
            arguments: parseArguments(text),
          });
          const calls = first ? [call(0, target, raw)] : [call(0, detour, argumentsFor(detour.required, false)), call(1, target, raw)];
          const inputTokens = INPUT_TOKENS[presentation];
          transcripts.push({
            key: { taskId: task.id, presentation, model, run },
            turns: [...calls.map(() => ({ inputTokens, outputTokens: 60, wallMs: 900 })), { inputTokens, outputTokens: 40, wallMs: 600 }],
            calls,
            outcome: 'completed',
          });
        }
  }
  return {
    name: 'Demo: the favourites against every tool (generated; no model was called)',
    tasks,
    presentations: [
      { id: 'eager', mode: 'eager', query: { client: 'claude-code' } },
      { id: 'favindex', mode: 'favindex', query: { client: 'claude-code' } },
    ],
    models: [...MODELS],
    runs: RUNS,
    seed: 'demo',
    metric: 'targetFirst',
    baseline: 'eager',
    proposed: 'favindex',
    schemas: Object.fromEntries(targets.map((t) => [t.canonical, t.schema])),
    transcripts,
  };
}
