import { IMPACT_ENDPOINTS } from '@/lib/api/impact';
import type { ImpactReport, ImpactSegment } from '@/lib/contracts/impact';
import { IMPACT_MEASURES, type ImpactMeasure, MEASURE_DEFINITIONS } from '@/lib/impact/measures';
import { integer, optionalInteger, requireProject, stringValue, type Values, valueOptions, windowQuery } from '../args';
import type { ApiClient } from '../client';
import type { Command } from '../command';
import { badArguments, CliError, EXIT } from '../exit-codes';
import { type Io, percent, printJson, table } from '../output';
import { itemAt } from '@/lib/arrays';
import { isOneOf } from '@/lib/records';
import { modeNameOf } from '@/lib/surface/mode-traits';

const HELP = `favindex impact --project P [--revision N | --favourites-version N] [--baseline N] [--window DAYS]
                [--measure M] [--fail-on-worse] [--json]
favindex impact --project P --backtest [--weeks N] [--train DAYS] [--k N] [--json]

  Did a change help? Compares the sessions of a surface revision (the latest, --revision, or
  the one that brought in --favourites-version) with those of the revision before it (or
  --baseline), within --window days of each change (default 14): every measure over every
  session, then --measure (default metaPerSession) per model, client and mode, each with its
  95% bootstrap interval and the sessions behind it. Fewer than 30 sessions on a side is
  "not enough data". Measures: ${IMPACT_MEASURES.join(', ')}.

  --backtest: for each of the last --weeks weeks (default 8), what the suggestion rule would
  have pinned from the --train days before (default 28), what was pinned, and the best
  possible --k (default maxFavourites), with how many favourites to keep and how often to
  refresh them.

  Scope for a token: usage:read.

  Exit codes: 0 done (also when there is not enough data), 1 favindex refused (e.g.
  REVISION_NOT_FOUND), 2 bad arguments, 3 favindex unreachable, 4 not authorised, 6 with
  --fail-on-worse: a measure of every session got worse with its interval clear of 0.`;

function value(measure: ImpactMeasure, v: number | null): string {
  if (v === null) return '—';
  return MEASURE_DEFINITIONS[measure].unit === 'share' ? percent(v) : v.toFixed(2);
}

function change(m: ImpactSegment['measures'][number]): string {
  const interval = m.relative ?? m.difference;
  if (!interval) return '—';
  const show = (x: number) => (m.relative ? `${x > 0 ? '+' : ''}${(x * 100).toFixed(0)}%` : `${x > 0 ? '+' : ''}${value(m.measure, x)}`);
  return `${show(interval.estimate)} [${show(interval.low)}, ${show(interval.high)}]`;
}

function verdict(m: ImpactSegment['measures'][number]): string {
  if (m.verdict === 'not-enough-data') return 'not enough data';
  if (m.verdict === 'no-clear-change') return 'no clear change';
  const better = MEASURE_DEFINITIONS[m.measure].better;
  return better ? `${m.verdict} (${better === m.verdict ? 'better' : 'worse'})` : m.verdict;
}

function segmentName(s: ImpactSegment): string {
  if (s.dimension === 'all') return 'every session';
  if (s.value === null) return `${s.dimension} (none given)`;
  return `${s.dimension} ${s.dimension === 'mode' ? modeNameOf(s.value) : s.value}`;
}

/** Measures of every session that got worse, with the interval of the difference clear of 0. */
export function worsened(report: ImpactReport): ImpactMeasure[] {
  const all = report.comparison?.segments.find((s) => s.dimension === 'all');
  return (all?.measures ?? [])
    .filter(
      (m) => (m.verdict === 'lower' || m.verdict === 'higher') && MEASURE_DEFINITIONS[m.measure].better && MEASURE_DEFINITIONS[m.measure].better !== m.verdict,
    )
    .map((m) => m.measure);
}

function printImpact(io: Io, project: string, report: ImpactReport, measure: ImpactMeasure): void {
  const c = report.comparison;
  if (!c) {
    io.stdout(`${project} has only its first surface revision: nothing to compare yet. Change the favourites or the surface, then send events.\n`);
    return;
  }
  const all = itemAt(c.segments, 0);
  const lines = [
    `Impact of r${c.revision} on ${project}: ${c.description} (${c.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z')})`,
    `Against r${c.baseline}: sessions within ${Math.round((Date.parse(c.after.to) - Date.parse(c.after.from)) / 172_800_000)} days of each change; ${c.confidence * 100}% bootstrap intervals.`,
    '',
    `Every session (${all.before.sessions} before, ${all.after.sessions} after)${all.enoughData ? '' : `: not enough data, ${c.minSessions} a side needed`}`,
    table(
      [
        ['measure', 'before', 'after', 'change [interval]', 'verdict'],
        ...all.measures.map((m) => [MEASURE_DEFINITIONS[m.measure].label, value(m.measure, m.before), value(m.measure, m.after), change(m), verdict(m)]),
      ],
      [false, true, true, true, false],
    ),
    '',
    `${MEASURE_DEFINITIONS[measure].label}, by model, client and mode`,
    table(
      [
        ['sessions of', 'sessions', 'before', 'after', 'change [interval]', 'verdict'],
        ...c.segments.map((s) => {
          // biome-ignore lint/style/noNonNullAssertion: every segment reports every measure the comparison asked for.
          const m = s.measures.find((x) => x.measure === measure)!;
          return [segmentName(s), `${s.before.sessions} → ${s.after.sessions}`, value(measure, m.before), value(measure, m.after), change(m), verdict(m)];
        }),
      ],
      [false, true, true, true, true, false],
    ),
  ];
  io.stdout(`${lines.join('\n')}\n`);
}

async function backtestCommand(io: Io, client: ApiClient, project: string, values: Values, json: boolean): Promise<void> {
  const train = stringValue(values.train);
  const answer = await client.call(
    IMPACT_ENDPOINTS.backtest,
    { id: project },
    {
      query: {
        weeks: optionalInteger(values, 'weeks', 1, 52),
        train: train === undefined ? undefined : `${integer(train.replace(/d$/, ''), '--train', 1, 90)}d`,
        k: optionalInteger(values, 'k', 1, 128),
      },
    },
  );
  const report = answer.data;
  if (json) return printJson(io, report);
  const share = (s: number | null) => (s === null ? '—' : percent(s));
  const rows = [['week (UTC)', 'calls', 'the rule', 'pinned then', 'best possible']];
  for (const w of report.weeks)
    rows.push([`${w.from} – ${w.to}`, String(w.calls), share(w.suggested.share), `${share(w.pinned.share)} (v${w.pinned.version})`, share(w.best.share)]);
  rows.push(['every week', String(report.summary.calls), share(report.summary.suggested), share(report.summary.pinned), share(report.summary.best)]);
  io.stdout(
    `Backtest of ${project}: ${report.k} favourites, the rule ranking the ${report.trainDays} days before each week\n\n${table(rows, [false, true, true, true, true])}\n\n${report.recommendation.text}\n`,
  );
}

export const impactCommand: Command = {
  name: 'impact',
  summary: 'did a change of the favourites or the surface help? (--backtest: how many, how often)',
  help: HELP,
  options: {
    ...valueOptions('revision', 'favourites-version', 'baseline', 'window', 'measure', 'weeks', 'train', 'k'),
    'fail-on-worse': { type: 'boolean' },
    backtest: { type: 'boolean' },
  },

  async run({ parsed, io, client }) {
    const project = requireProject(parsed.global);
    if (parsed.positionals.length > 0) throw badArguments(`impact takes no arguments (got ${parsed.positionals.join(' ')})`);
    const values = parsed.values;
    if (values.backtest) return backtestCommand(io, client, project, values, parsed.global.json);
    const revision = stringValue(values.revision);
    const version = stringValue(values['favourites-version']);
    if (revision !== undefined && version !== undefined) throw badArguments('give --revision or --favourites-version, not both');
    const measure = stringValue(values.measure) ?? 'metaPerSession';
    if (!isOneOf(IMPACT_MEASURES, measure)) throw badArguments(`--measure must be one of ${IMPACT_MEASURES.join(', ')}`);
    const answer = await client.call(
      IMPACT_ENDPOINTS.report,
      { id: project },
      {
        query: {
          revision: optionalInteger(values, 'revision', 1, 2_147_483_647),
          favouritesVersion: optionalInteger(values, 'favourites-version', 1, 2_147_483_647),
          baseline: optionalInteger(values, 'baseline', 1, 2_147_483_647),
          window: windowQuery(values.window, 90),
        },
      },
    );
    if (parsed.global.json) printJson(io, answer.data);
    else printImpact(io, project, answer.data, measure);
    const worse = worsened(answer.data);
    if (values['fail-on-worse'] && worse.length > 0) {
      throw new CliError(EXIT.WORSE, `r${answer.data.comparison?.revision} made it worse: ${worse.join(', ')}`, {
        suggestedAction: 'look at the change in the Impact tab; revert it, or widen --window for more sessions',
      });
    }
  },
};
