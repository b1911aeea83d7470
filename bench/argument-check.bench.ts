/**
 * What the argument check adds to a tool call (issue #23; goal: ≤ 0.1 ms at p50 for the
 * 12-server fixture's schemas, 157 tools). For each tool, calls generated from its inputSchema:
 * valid ones and a share of the mistakes models make (a shortened key, a wrong type, a missing
 * required key). Baseline, same run, same calls: what the proxy does to a call's arguments
 * anyway, a JSON.stringify + JSON.parse round trip (its framing). Measured: the same round
 * trip and then ArgumentChecks.check, the proxy's own, on the parsed copy, with every schema
 * compiled; each call timed alone, in alternating passes. Apart: compiling all 157 schemas,
 * the one-off cost a tool pays at its first call. And apart again (pattern-engines.ts): RE2,
 * which runs every pattern, against ajv's default backtracking engine on ordinary patterns.
 */
import { compileToolSchema } from '@/lib/arguments/check';
import { seededRandom } from '@/lib/stats/random';
import { ArgumentChecks } from '@/proxy/argument-checks';
import { TWELVE_SERVERS } from '@/test/twelve-servers-catalog';
import { type CallKind, callsFor } from './argument-support';
import { patternEngines } from './pattern-engines';
import { percentile, round } from './surface-support';

const VALID_PER_TOOL = 9;
const WRONG_PER_TOOL = 3;
const ROUNDS = Number(process.env.FAVINDEX_BENCH_ARGUMENT_ROUNDS ?? 300);
const WARM_ROUNDS = 30;
const COMPILE_ROUNDS = 5;
const GOAL_ADDED_P50_MS = 0.1;

type Schema = Record<string, unknown>;

interface Call {
  tool: string;
  schema: Schema;
  kind: CallKind;
  args: Record<string, unknown>;
}

const roundTrip = (args: unknown): unknown => JSON.parse(JSON.stringify(args));

/** Each schema compiled once, in order: the milliseconds each took. */
function compileAll(schemas: readonly Schema[]): number[] {
  return schemas.map((schema) => {
    const t0 = process.hrtime.bigint();
    const compiled = compileToolSchema(schema);
    const ns = Number(process.hrtime.bigint() - t0);
    if (!compiled.ok) throw new Error(`a fixture schema does not compile: ${compiled.reason}`);
    return ns / 1e6;
  });
}

function shuffled<T>(list: readonly T[], rand: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const microseconds = (ns: readonly number[]) => {
  const sorted = ns.map((n) => n / 1000).sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

export async function run(): Promise<Record<string, unknown>> {
  const rand = seededRandom(23);
  const tools = TWELVE_SERVERS.flatMap(({ server, tools }) => tools.map((t) => ({ tool: `${server}/${t.name}`, schema: t.inputSchema as Schema })));

  // The process's first compiles also make ajv's instances and formats, as a proxy's first call does.
  const cold = compileAll(tools.map((t) => t.schema));
  const warmCompiles = Array.from({ length: COMPILE_ROUNDS }, () => compileAll(tools.map((t) => structuredClone(t.schema))));
  const compileTotals = warmCompiles.map((ms) => ms.reduce((a, b) => a + b, 0)).sort((a, b) => a - b);
  const perToolUs = warmCompiles
    .flat()
    .map((ms) => ms * 1000)
    .sort((a, b) => a - b);
  const slowest = tools.map((t, i) => ({ tool: t.tool, ms: Math.min(...warmCompiles.map((round) => round[i]!)) })).sort((a, b) => b.ms - a.ms)[0]!;

  const calls: Call[] = shuffled(
    tools.flatMap(({ tool, schema }) =>
      // As parsed from a request, the way the proxy receives them (not objects shaped by `delete`).
      callsFor(schema, rand, { valid: VALID_PER_TOOL, wrong: WRONG_PER_TOOL }).map((c) => ({
        tool,
        schema,
        kind: c.kind,
        args: roundTrip(c.args) as Call['args'],
      })),
    ),
    rand,
  );
  const checks = new ArgumentChecks((message) => {
    throw new Error(`the check passed a fixture call through: ${message}`);
  });
  // The generator's own check: a valid call must come back clean and a wrong one with its problem.
  for (const call of calls) {
    const found = checks.check('observe', call.tool, call.schema, roundTrip(call.args)).problems ?? [];
    if ((call.kind === 'valid') !== (found.length === 0)) throw new Error(`${call.tool} ${call.kind} ${JSON.stringify(call.args)}: ${JSON.stringify(found)}`);
  }

  // Results kept, so no pass is work the engine could skip.
  let forwardedLast: unknown;
  let problemsSeen = 0;
  const baseline = (call: Call) => {
    const t0 = process.hrtime.bigint();
    const forwarded = roundTrip(call.args);
    const ns = Number(process.hrtime.bigint() - t0);
    forwardedLast = forwarded;
    return ns;
  };
  const checked = (call: Call) => {
    const t0 = process.hrtime.bigint();
    const forwarded = roundTrip(call.args);
    const result = checks.check('observe', call.tool, call.schema, forwarded);
    const ns = Number(process.hrtime.bigint() - t0);
    problemsSeen += result.problems?.length ?? 0;
    return ns;
  };
  const pass = (time: (call: Call) => number, into?: number[][]) => {
    for (const [i, call] of calls.entries()) {
      const ns = time(call);
      if (into) into[i]!.push(ns);
    }
  };
  for (let r = 0; r < WARM_ROUNDS; r++) {
    pass(baseline);
    pass(checked);
  }
  const baseNs = calls.map((): number[] => []);
  const checkNs = calls.map((): number[] => []);
  const started = performance.now();
  // Alternating passes, so a busy moment of the machine falls on both sides.
  for (let r = 0; r < ROUNDS; r++) {
    pass(baseline, baseNs);
    pass(checked, checkNs);
  }
  const measuredSeconds = (performance.now() - started) / 1000;

  const base = microseconds(baseNs.flat());
  const withCheck = microseconds(checkNs.flat());
  const addedP50Ms = round((withCheck.p50 - base.p50) / 1000, 4);
  const kinds = [...new Set(calls.map((c) => c.kind))].sort();
  const byKind = Object.fromEntries(
    kinds.map((kind) => {
      const of = (ns: number[][]) => microseconds(ns.filter((_, i) => calls[i]!.kind === kind).flat());
      const b = of(baseNs);
      const c = of(checkNs);
      return [kind, { calls: calls.filter((x) => x.kind === kind).length, baselineP50Us: b.p50, withCheckP50Us: c.p50, addedP50Us: round(c.p50 - b.p50) }];
    }),
  );
  return {
    tools: tools.length,
    calls: calls.length,
    wrongShare: round(calls.filter((c) => c.kind !== 'valid').length / calls.length, 3),
    rounds: ROUNDS,
    samplesPerSide: calls.length * ROUNDS,
    measuredSeconds: round(measuredSeconds, 1),
    baselineUs: base,
    withCheckUs: withCheck,
    addedMs: { p50: addedP50Ms, p99: round((withCheck.p99 - base.p99) / 1000, 4) },
    ratioP50: round(withCheck.p50 / base.p50),
    goalAddedP50Ms: GOAL_ADDED_P50_MS,
    goalMet: addedP50Ms <= GOAL_ADDED_P50_MS,
    byKind,
    compile: {
      schemas: tools.length,
      coldTotalMs: round(
        cold.reduce((a, b) => a + b, 0),
        1,
      ),
      coldFirstMs: round(cold[0]!, 1),
      warmTotalMs: round(compileTotals[Math.floor(compileTotals.length / 2)]!, 1),
      perToolUs: { p50: percentile(perToolUs, 0.5), p99: percentile(perToolUs, 0.99) },
      slowest: { tool: slowest.tool, ms: round(slowest.ms, 2) },
    },
    problemsPerCheckedCall: round(problemsSeen / (calls.length * (ROUNDS + WARM_ROUNDS)), 3),
    patternEngines: patternEngines(ROUNDS * 10),
    lastForwarded: typeof forwardedLast,
  };
}
