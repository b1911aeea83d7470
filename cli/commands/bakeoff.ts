import fs from 'node:fs';
import { itemAt } from '@/lib/arrays';
import { FAILURE_CLASSES } from '@/lib/arguments/classes';
import { FAILURE_CLASS_WORDS } from '@/lib/arguments/labels';
import { METRIC_NAMES } from '@/lib/bakeoff/metrics';
import { formatResultsTable, resultsTable, toJsonl } from '@/lib/bakeoff/results';
import { TASK_FILE_EXAMPLE } from '@/lib/bakeoff/task-example';
import { compareByModel, isWorse } from '@/lib/bakeoff/verdict';
import { isOneOf } from '@/lib/records';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { integer, requireProject, seconds, stringValue, valueOptions } from '../args';
import { anthropicMessages } from '../bakeoff/anthropic-messages';
import { ENDPOINT_KINDS, type EndpointKind } from '../bakeoff/endpoint';
import { type UnusableReason, UnusableEndpointError } from '../bakeoff/endpoint-failures';
import { liveServersOf, parsePresentation, presentationsOf, previousResults, projectTasks, readTasks } from '../bakeoff/inputs';
import { openAiChat } from '../bakeoff/openai-chat';
import { measuresOf, runBakeoff } from '../bakeoff/runner';
import { refuseWhatCannotUpload, upload } from '../bakeoff/upload';
import type { Command } from '../command';
import { badArguments, CliError, EXIT } from '../exit-codes';
import { printJson } from '../output';

const DEFAULT_KEY_ENV: Record<EndpointKind, string> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' };

const HELP = `favindex bakeoff --project P [--tasks FILE] --endpoint URL --model M [--model M2 …]
                 --presentation ID=MODE[,client=C][,naming=N][,favourites=A+B…] [--presentation …]
                 [--api openai|anthropic] [--key-env NAME] [--runs N] [--seed S] [--out FILE]
                 [--servers FILE [--call-timeout SEC]]
                 [--metric M] [--baseline ID] [--proposed ID] [--fail-if-worse]
                 [--upload [--name TEXT]] [--json]

  Try presentations before shipping one: replays each task of FILE (bake-off tasks, YAML; by
  default the tasks the project keeps under spec.bakeoffTasks of its YAML) in each
  presentation to each model, --runs times (default 10), interleaved, and measures what
  happened: target right first time, first call correct, well-formed, completed, tool calls,
  wander, wrong ops, turns to recover, input tokens per turn, cached tokens and wall time, with
  95% intervals.

  The tasks file (--tasks FILE, YAML): each task is a prompt or a short thread, the tool that
  should be called, and optional checks on its arguments and canned results for the tools the
  model may call; spec.bakeoffTasks of the project's YAML holds the same list, without
  \`tasks:\`. For example:

${TASK_FILE_EXAMPLE.trimEnd().replace(/^/gm, '    ')}

  A presentation is the tool list favindex's preview builds for a mode, a client and a naming
  (any setting of the preview: target, toolSearch, agentTools…), the agent's own tools counted
  in. Modes: ${SURFACE_MODES.join(', ')}.
  favourites=A+B… previews a proposed favourites list instead of the project's: the current
  surface against the proposed change. The model gets the tools shown in full, up front (a
  client's deferred tools are left out: the bake-off does not play its tool search). A call
  through mcp_invoke_tool counts as the call it makes; mcp_find_tools answers with favindex's
  own search, and what it finds is callable from the next turn on.

  The routers mode lists the project's routers (favindex routers), and a router call is
  answered as the proxy answers it: list_ops with every op, a right op as a call of its tool
  (which counts as that call: the target's op is the target), a wrong op with the UNKNOWN_OP
  envelope. envelope=off answers a wrong op without its suggested_action, to see whether the
  suggestion carries the weight for your model:
    --presentation routers=routers --presentation bare=routers,envelope=off
  wrong ops: router calls naming an op the router lacks, per run; turns to recover: after a
  wrong op, the turns until a right op of that router or the target, with the recoveries never
  made beside it.

  What a tool call answers: the task's fixture for that tool; else, with --servers FILE (an
  mcpServers file, as favindex proxy --config reads), the real server of that name, called as
  the model asked; else a plain success. --servers is your consent: those calls really run, so
  name only servers whose tools are safe to call again and again (a scratch folder, a test
  account). Every server in FILE is started before the first cell; one that does not start
  stops the run (exit 5). A call that fails or passes --call-timeout (default 60) answers the
  model with the error, as a client would.

  --endpoint: an OpenAI-compatible chat-completions API (--api openai, the default: OpenAI,
  Azure, OpenRouter, vLLM, llama.cpp, Ollama; its base URL such as https://api.openai.com/v1, or
  the full …/chat/completions URL) or the Anthropic messages API (--api anthropic,
  https://api.anthropic.com). The key is read from the environment variable --key-env
  (default OPENAI_API_KEY or ANTHROPIC_API_KEY), never stored; a local endpoint needs none.
  Rate limits (429), server faults (5xx), time-outs and dropped connections are retried with
  backoff, waiting what the endpoint's retry-after says up to 60 s. An endpoint that refuses the
  connection, whose host does not resolve, that answers 401, 403, 404 or 405, or asks to wait
  longer, stops the run at once with what to check (exit 7); cells measured before are kept.

  --out FILE (default bakeoff-results.jsonl): one transcript per line, appended as each cell
  ends. Run the same command again to resume: cells already measured are not run again, and
  cells the endpoint failed are. The file is the export.

  --metric (default targetFirst) is compared for --proposed (default: the last presentation)
  against --baseline (default: the first), per model and over all models. Metrics:
  ${METRIC_NAMES.slice(0, 5).join(', ')},
  ${METRIC_NAMES.slice(5).join(', ')}.
  --fail-if-worse: exit 6 when the proposed one clearly loses over all models.

  --upload: keep the run in the project (its tasks, presentations, models and transcripts;
  never the key), shown on the project's Bake-off tab with its table, chart and verdicts,
  under --name (default: the date). If the upload fails, run the same command again: no cell
  runs twice, and the results are uploaded.

  Scope for a token: surface:read (the preview); config:read without --tasks or with a routers
  presentation (the routers); bakeoffs:write with --upload.

  Exit codes: 0 done, 1 favindex refused, 2 bad arguments (a task file or results line that
  does not parse says where), 3 favindex unreachable, 4 not authorised, 5 a server of
  --servers did not start, 6 with --fail-if-worse: the proposed presentation loses on --metric,
  7 the model endpoint cannot serve the run (refused, unknown host, 401/403/404/405).`;

/** Why calls failed, per row that had failures, in the product's own classes (§arguments). */
function failuresOf(table: ReturnType<typeof resultsTable>): string[] {
  const lines: string[] = [];
  for (const row of table.rows) {
    const failed = FAILURE_CLASSES.filter((c) => c !== 'ok' && row.classes[c] > 0).map(
      (c) => `${row.classes[c]} ${FAILURE_CLASS_WORDS[c].label.toLowerCase()}`,
    );
    if (failed.length > 0) lines.push(`calls that failed, ${row.presentation} × ${row.model}: ${failed.join(', ')}`);
  }
  return lines.length > 0 ? [...lines, ''] : [];
}

/** What to check when the endpoint cannot serve the run, said after its one line. */
function whatToCheck(reason: UnusableReason, run: { url: string; keyEnv: string; key: string | undefined; models: string[]; out: string }): string {
  const kept = `cells measured before are kept in ${run.out}; the same command resumes`;
  switch (reason) {
    case 'unreachable':
      return `check --endpoint ${run.url}: is the model server running, at that host and port? (${kept})`;
    case 'unauthorised':
      return `check the key in ${run.keyEnv}${run.key ? '' : ', which is not set'} (--key-env names another variable), and that it may use --model ${run.models.join(', ')}`;
    case 'wrong_address':
      return `check --endpoint's path (an OpenAI-compatible API's base ends in /v1; --api anthropic takes https://api.anthropic.com) and that --model ${run.models.join(', ')} is served there`;
    case 'rate_limited':
      return `run the same command again later (${kept})`;
  }
}

function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}

export const bakeoffCommand: Command = {
  name: 'bakeoff',
  summary: 'replay tasks against models in several presentations and measure which works best',
  help: HELP,
  options: {
    ...valueOptions('tasks', 'endpoint', 'api', 'key-env', 'runs', 'seed', 'out', 'metric', 'baseline', 'proposed', 'name', 'servers', 'call-timeout'),
    model: { type: 'string', multiple: true },
    presentation: { type: 'string', multiple: true },
    'fail-if-worse': { type: 'boolean' },
    upload: { type: 'boolean' },
  },

  async run({ parsed, io, client }) {
    const project = requireProject(parsed.global);
    const v = parsed.values;
    if (parsed.positionals.length > 0) throw badArguments(`bakeoff takes no arguments (got ${parsed.positionals.join(' ')})`);
    const tasksFile = stringValue(v.tasks);
    const url = stringValue(v.endpoint);
    if (!url) throw badArguments('bakeoff needs --endpoint URL');
    const kind = stringValue(v.api) ?? 'openai';
    if (!isOneOf(ENDPOINT_KINDS, kind)) throw badArguments(`--api must be one of ${ENDPOINT_KINDS.join(', ')}`);
    const models = listOf(v.model);
    const specs = listOf(v.presentation).map(parsePresentation);
    if (models.length === 0 || specs.length === 0) throw badArguments('bakeoff needs at least one --model and one --presentation');
    const twice = (list: string[]) => list.find((item, i) => list.indexOf(item) !== i);
    const repeatedModel = twice(models);
    if (repeatedModel !== undefined) throw badArguments(`--model ${repeatedModel} is given twice`);
    const repeatedPresentation = twice(specs.map((s) => s.id));
    if (repeatedPresentation !== undefined) throw badArguments(`two presentations are named ${repeatedPresentation}; each needs a name of its own`);
    const metric = stringValue(v.metric) ?? 'targetFirst';
    if (!isOneOf(METRIC_NAMES, metric)) throw badArguments(`--metric must be one of ${METRIC_NAMES.join(', ')}`);
    const baseline = stringValue(v.baseline) ?? itemAt(specs, 0).id;
    const proposed = stringValue(v.proposed) ?? itemAt(specs, specs.length - 1).id;
    for (const id of [baseline, proposed]) if (!specs.some((s) => s.id === id)) throw badArguments(`no --presentation is named ${id}`);
    const runs = integer(stringValue(v.runs) ?? '10', '--runs', 1, 1_000);
    const serversFile = stringValue(v.servers);
    const callTimeout = stringValue(v['call-timeout']);
    if (callTimeout !== undefined && serversFile === undefined) throw badArguments('--call-timeout is for the calls of --servers: give --servers too');
    const callTimeoutMs = seconds(callTimeout ?? '60', '--call-timeout', 1, 3_600);
    const out = stringValue(v.out) ?? 'bakeoff-results.jsonl';
    const name = stringValue(v.name);
    if (name !== undefined && !v.upload) throw badArguments('--name names an uploaded run: give --upload too');
    if (v.upload) refuseWhatCannotUpload(specs, models, name);
    const tasks = tasksFile ? readTasks(tasksFile) : await projectTasks(client, project);
    const previous = previousResults(io, out);

    const presentations = await presentationsOf(client, project, specs);
    // A target the project does not have can never be called: every run would count as a miss.
    const { catalog, servers } = itemAt(presentations, 0);
    const missing = tasks.filter((t) => !catalog.has(t.target));
    if (missing.length > 0)
      throw badArguments(
        `${missing.map((t) => `task '${t.id}': its target ${t.target} is not in ${project}'s catalog`).join('; ')} (${catalog.size} tools; \`favindex catalog push\` or a proxy uploads a server's tools)`,
      );
    const keyEnv = stringValue(v['key-env']) ?? DEFAULT_KEY_ENV[kind];
    const key = io.env[keyEnv];
    const endpoint = kind === 'anthropic' ? anthropicMessages(url, key) : openAiChat(url, key);
    const live = await liveServersOf(io, serversFile, servers, callTimeoutMs);
    const setup = { tasks, presentations, models, runs, seed: stringValue(v.seed), callTool: live?.callTool };
    let outcome: Awaited<ReturnType<typeof runBakeoff>>;
    try {
      outcome = await runBakeoff(endpoint, setup, previous, {
        record: (t) => fs.appendFileSync(out, toJsonl([t])),
        progress: (done, total, t) =>
          io.stderr(
            `[${done}/${total}] ${t.key.taskId} × ${t.key.presentation} × ${t.key.model} #${t.key.run + 1}: ${t.outcome}, ${t.calls.length} call(s)${t.error ? ` (${t.error})` : ''}\n`,
          ),
      });
    } catch (err) {
      if (err instanceof UnusableEndpointError)
        throw new CliError(EXIT.MODEL_ENDPOINT, err.message, { suggestedAction: whatToCheck(err.reason, { url, keyEnv, key, models, out }) });
      throw err;
    } finally {
      await live?.close();
    }
    const measures = measuresOf(setup, outcome.transcripts);
    const table = resultsTable(measures);
    const verdicts = baseline === proposed ? [] : compareByModel(measures, { metric, proposed, baseline });
    const uploaded = v.upload ? await upload(client, project, { name, specs, setup, metric, baseline, proposed, transcripts: outcome.transcripts }) : null;
    const summary = { ran: outcome.ran, alreadyDone: outcome.alreadyDone, failed: outcome.failed, results: out, ...(uploaded ? { uploaded } : {}) };
    if (parsed.global.json) printJson(io, { ...summary, table, verdicts, leftOut: Object.fromEntries(presentations.map((p) => [p.id, p.leftOut])) });
    else {
      const lines = [
        `Bake-off of ${project}: ${tasks.length} task(s) × ${presentations.length} presentation(s) × ${models.length} model(s) × ${runs} run(s); ${outcome.ran} cell(s) run now, ${outcome.alreadyDone} already in ${out}${outcome.failed ? `, ${outcome.failed} failed at the endpoint (run the command again to retry them)` : ''}.`,
        '',
        formatResultsTable(table),
        ...failuresOf(table),
        ...verdicts.map((verdict) => verdict.wording),
      ];
      for (const p of presentations) {
        const { deferred, hidden, placeholders } = p.leftOut;
        if (deferred + hidden + placeholders > 0)
          lines.push(
            `${p.id}: ${p.offered.length} tool(s) shown; left out: ${deferred} deferred, ${hidden} hidden, ${placeholders} agent tool(s) known only by count`,
          );
      }
      if (uploaded) lines.push(`Uploaded as ${uploaded.id}: ${uploaded.url}`);
      io.stdout(`${lines.join('\n')}\n`);
    }
    const pooled = verdicts.at(-1);
    if (v['fail-if-worse'] && pooled && isWorse(pooled)) {
      throw new CliError(EXIT.WORSE, pooled.wording, { suggestedAction: `keep ${baseline}, or change ${proposed} and run the bake-off again` });
    }
  },
};
