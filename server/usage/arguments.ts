import type { Db } from '@/db/client';
import { currentServers } from '@/db/queries/catalog-current';
import { type ArgumentCountsRow, type ArgumentFilter, argumentCountsRows } from '@/db/queries/usage/arguments-rows';
import { type WrongKeyRow, wrongKeyRows } from '@/db/queries/usage/arguments-wrong-keys';
import { type ArgumentCheckMode, FAILURE_CLASSES } from '@/lib/arguments/classes';
import { compileToolSchema } from '@/lib/arguments/check';
import { BoundedMap } from '@/lib/bounded-map';
import type { ArgumentUsage, ToolArgumentRow, ToolArgumentSummary, UncheckedSchema } from '@/lib/contracts/arguments';
import { ARGUMENT_WRONG_KEYS } from '@/lib/limits';
import type { UsageWindow } from '@/lib/usage/window';
import { currentSurface } from '@/server/projects/projects';
import { requireProject } from '@/server/projects/project-locks';
import { isRecord, recordOf } from '@/lib/records';

type Counts = Omit<ArgumentCountsRow, 'tool' | 'model' | 'client'>;
type Rates = Omit<ToolArgumentRow, 'tool' | 'model' | 'client'>;

function emptyCounts(): Counts {
  return {
    calls: 0,
    checked: 0,
    wellFormed: 0,
    firstCalls: 0,
    firstCallRight: 0,
    classes: recordOf(FAILURE_CLASSES, () => 0),
  };
}

function add(into: Counts, row: Counts): void {
  into.calls += row.calls;
  into.checked += row.checked;
  into.wellFormed += row.wellFormed;
  into.firstCalls += row.firstCalls;
  into.firstCallRight += row.firstCallRight;
  for (const c of FAILURE_CLASSES) into.classes[c] += row.classes[c];
}

/** Counts with their rates, in the contract's key order; a rate of nothing is null, not 0. */
function withRates(c: Counts): Rates {
  return {
    calls: c.calls,
    checked: c.checked,
    wellFormed: c.wellFormed,
    wellFormedRate: c.checked === 0 ? null : c.wellFormed / c.checked,
    firstCalls: c.firstCalls,
    firstCallRight: c.firstCallRight,
    firstCallRightRate: c.firstCalls === 0 ? null : c.firstCallRight / c.firstCalls,
    classes: { ...c.classes },
  };
}

export interface ArgumentUsageInput {
  project: string;
  window: UsageWindow;
  checks: ArgumentCheckMode;
  rows: readonly ArgumentCountsRow[];
  wrongKeys: readonly WrongKeyRow[];
  unchecked: UncheckedSchema[];
}

/**
 * Why calls fail (§arguments), from the window's counts: every tool with a checked call, the one
 * whose checked calls were least often well-formed first (then the one with most checked calls,
 * then by name), its rows by model and client, and its most sent wrong keys. Totals cover every
 * call of the window but meta calls, those that named no tool included (invented tools and
 * servers are counted there), and router calls with an op the router lacks (unknown_op).
 */
export function buildArgumentUsage(input: ArgumentUsageInput): ArgumentUsage {
  const totals = emptyCounts();
  const byTool = new Map<string, Counts>();
  for (const row of input.rows) {
    add(totals, row);
    if (row.tool === null) continue;
    let tool = byTool.get(row.tool);
    if (!tool) {
      tool = emptyCounts();
      byTool.set(row.tool, tool);
    }
    add(tool, row);
  }
  const rate = (c: Counts) => (c.checked === 0 ? 1 : c.wellFormed / c.checked);
  const ranked = [...byTool].filter(([, c]) => c.checked > 0).sort(([a, x], [b, y]) => rate(x) - rate(y) || y.checked - x.checked || a.localeCompare(b));
  const rank = new Map(ranked.map(([tool], i) => [tool, i + 1]));
  const keysOf = new Map<string, WrongKeyRow[]>();
  for (const key of input.wrongKeys) {
    if (!rank.has(key.tool)) continue;
    keysOf.set(key.tool, [...(keysOf.get(key.tool) ?? []), key]);
  }
  const tools: ToolArgumentSummary[] = ranked.map(([tool, c], i) => ({
    tool,
    rank: i + 1,
    ...withRates(c),
    wrongKeys: (keysOf.get(tool) ?? []).slice(0, ARGUMENT_WRONG_KEYS).map((k) => ({ ...k })),
  }));
  const rows: ToolArgumentRow[] = input.rows
    .filter((r): r is ArgumentCountsRow & { tool: string } => r.tool !== null && rank.has(r.tool))
    .sort(
      (a, b) =>
        // biome-ignore lint/style/noNonNullAssertion: rank holds every tool of the rows being sorted.
        rank.get(a.tool)! - rank.get(b.tool)! ||
        b.calls - a.calls ||
        (a.model ?? '').localeCompare(b.model ?? '') ||
        (a.client ?? '').localeCompare(b.client ?? ''),
    )
    .map((r) => ({ tool: r.tool, model: r.model, client: r.client, ...withRates(r) }));
  return {
    project: input.project,
    window: input.window,
    checks: input.checks,
    totals: withRates(totals),
    tools,
    rows,
    wrongKeys: input.wrongKeys
      .filter((k) => rank.has(k.tool))
      .slice(0, ARGUMENT_WRONG_KEYS)
      .map((k) => ({ ...k })),
    unchecked: input.unchecked,
  };
}

/**
 * Whether each tool of a server version's tools/list compiles, and whole (a pattern RE2 cannot take is not judged), by the version's fingerprint (a
 * hash of its tools): a version is compiled once per process, and a new version, however it
 * arrives, is a new key. 256 versions cover every server of many projects.
 */
const uncheckedByVersion = new BoundedMap<string, UncheckedSchema[]>(256);

function uncheckedOf(server: string, fingerprint: string, tools: readonly { name: string; inputSchema?: unknown }[]) {
  const key = `${server}\u0000${fingerprint}`;
  let found = uncheckedByVersion.get(key);
  if (!found) {
    found = [];
    for (const tool of tools) {
      const schema = tool.inputSchema;
      // A tool that lists no inputSchema is checked against nothing: nothing to report.
      if (!isRecord(schema)) continue;
      const compiled = compileToolSchema(schema);
      if (!compiled.ok) found.push({ tool: `${server}/${tool.name}`, reason: compiled.reason, partly: false });
      else if (compiled.unchecked) found.push({ tool: `${server}/${tool.name}`, reason: compiled.unchecked, partly: true });
    }
    uncheckedByVersion.set(key, found);
  }
  return found;
}

/** GET /api/projects/:id/usage/arguments: why calls fail, per tool, model and client (§arguments). A project that does not exist is a 404. */
export async function argumentUsage(db: Db, projectId: string, window: UsageWindow, filter: ArgumentFilter): Promise<ArgumentUsage> {
  // Independent reads: on PostgreSQL they run on separate connections at once.
  const [project, rows, wrongKeys, servers] = await Promise.all([
    requireProject(db, projectId),
    argumentCountsRows(db, projectId, window, filter),
    wrongKeyRows(db, projectId, window, ARGUMENT_WRONG_KEYS, filter),
    currentServers(db, projectId),
  ]);
  const checks = currentSurface(project).argumentChecks;
  const unchecked = servers.flatMap(({ server, current }) => uncheckedOf(server.name, current.fingerprint, current.tools));
  return buildArgumentUsage({ project: projectId, window, checks, rows, wrongKeys, unchecked });
}
