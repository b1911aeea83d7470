import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { FAILURE_CLASSES } from '@/lib/arguments/classes';
import { ARGUMENT_CHECK_LABELS, ARGUMENT_CHECK_WORDS, commonMistakes, FAILURE_CLASS_WORDS, wrongKeyText } from '@/lib/arguments/labels';
import type { ArgumentUsage, ToolArgumentRow } from '@/lib/contracts/arguments';
import { optionalInteger, requireProject, stringValue, valueOptions, windowQuery } from '../args';
import type { Command } from '../command';
import { badArguments } from '../exit-codes';
import { type Io, percent, printJson, table } from '../output';

const HELP = `favindex arguments --project P [--window DAYS] [--until DATE] [--model M] [--client C] [--top N] [--tool T] [--json]

  Why calls fail: the tools whose arguments models get wrong most, worst first, each with its
  well-formed rate (checked calls whose arguments broke nothing in its inputSchema), first call
  right (sessions whose first call to it was well-formed and succeeded), its most common
  mistakes and the wrong keys sent with the key each stood for (the --top N worst tools,
  default 20). A first call is a session's first call to a tool. --tool prints that tool's
  calls by model and client, counted by failure class. --model and --client keep only their
  calls. Default window: 30 days up to today.

  Scope for a token: usage:read.`;

const rate = (v: number | null) => (v === null ? '—' : percent(v));

function ranking(usage: ArgumentUsage, top: number): string {
  const rows = [['#', 'tool', 'checked', 'well-formed', 'first call right', 'mistakes']];
  for (const t of usage.tools.slice(0, top)) {
    const mistakes = commonMistakes(t.classes)
      .map((m) => `${FAILURE_CLASS_WORDS[m.class].label.toLowerCase()} ${m.calls}`)
      .join(', ');
    rows.push([String(t.rank), t.tool, String(t.checked), rate(t.wellFormedRate), rate(t.firstCallRightRate), mistakes || '—']);
  }
  const more = usage.tools.length - top;
  return table(rows, [true, false, true, true, true, false]) + (more > 0 ? `\nand ${more} more tools (--top ${usage.tools.length} lists them all)` : '');
}

function byModel(rows: ToolArgumentRow[]): string {
  const classes = FAILURE_CLASSES.filter((c) => rows.some((r) => r.classes[c] > 0));
  const head = ['model', 'client', 'checked', 'well-formed', 'first call right', ...classes.map((c) => FAILURE_CLASS_WORDS[c].label.toLowerCase())];
  const body = rows.map((r) => [
    r.model ?? '(none given)',
    r.client ?? '(none given)',
    String(r.checked),
    rate(r.wellFormedRate),
    rate(r.firstCallRightRate),
    ...classes.map((c) => String(r.classes[c])),
  ]);
  return table([head, ...body], [false, false, true, true, true, ...classes.map(() => true)]);
}

function printArguments(io: Io, project: string, usage: ArgumentUsage, options: { tool?: string; top: number }): void {
  const { tool, top } = options;
  const { window, totals } = usage;
  const lines = [
    `Why calls fail in ${project}: ${window.days} days, ${window.from} to ${window.to}`,
    `Argument checks: ${ARGUMENT_CHECK_LABELS[usage.checks]}. ${ARGUMENT_CHECK_WORDS[usage.checks]}`,
    '',
  ];
  lines.push(
    [
      `${totals.checked} of ${totals.calls} calls checked`,
      totals.wellFormedRate === null ? null : `${percent(totals.wellFormedRate)} well-formed`,
      totals.firstCallRightRate === null ? null : `${percent(totals.firstCallRightRate)} of first calls right`,
      totals.classes.invented_tool > 0 ? `${totals.classes.invented_tool} calls to an invented tool` : null,
      totals.classes.invented_server > 0 ? `${totals.classes.invented_server} calls to an invented server` : null,
      totals.classes.unknown_op > 0 ? `${totals.classes.unknown_op} calls with an unknown op` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  );
  for (const u of usage.unchecked) lines.push(`unchecked: ${u.tool}: its inputSchema does not compile (${u.reason})`);
  if (usage.tools.length === 0) {
    lines.push(
      '',
      usage.checks === 'off'
        ? 'Argument checks are off for this project: set surface.argumentChecks to observe (favindex apply, or the Settings tab).'
        : 'No call in this window was checked. favindex proxy checks every call; events from other proxies are checked when they carry their arguments.',
    );
    io.stdout(`${lines.join('\n')}\n`);
    return;
  }
  lines.push('', ranking(usage, top));
  if (usage.wrongKeys.length > 0) {
    lines.push('', 'Wrong keys: what was sent → the key it stood for');
    lines.push(table(usage.wrongKeys.slice(0, top).map((k) => [k.tool, wrongKeyText(k), `${k.calls} calls`, k.model ?? '(no model named)'])));
  }
  if (tool !== undefined) {
    const rows = usage.rows.filter((r) => r.tool === tool);
    lines.push('', rows.length === 0 ? `${tool}: no checked call in this window.` : `${tool}, by model and client\n${byModel(rows)}`);
  }
  io.stdout(`${lines.join('\n')}\n`);
}

export const argumentsCommand: Command = {
  name: 'arguments',
  summary: 'why calls fail: the tools models call with wrong arguments, the classes and the wrong keys',
  help: HELP,
  options: valueOptions('window', 'until', 'model', 'client', 'tool', 'top'),

  async run({ parsed, io, client }) {
    const project = requireProject(parsed.global);
    if (parsed.positionals.length > 0) throw badArguments(`arguments takes no positional arguments (got ${parsed.positionals.join(' ')})`);
    const top = optionalInteger(parsed.values, 'top', 1, 10_000) ?? 20;
    const answer = await client.call(
      USAGE_ENDPOINTS.arguments,
      { id: project },
      {
        query: {
          window: windowQuery(parsed.values.window, 365),
          until: stringValue(parsed.values.until),
          model: stringValue(parsed.values.model),
          client: stringValue(parsed.values.client),
        },
      },
    );
    if (parsed.global.json) return printJson(io, answer.data);
    printArguments(io, project, answer.data, { tool: stringValue(parsed.values.tool), top });
  },
};
