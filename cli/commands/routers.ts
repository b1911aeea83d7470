import fs from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import type { RequestBodyOf } from '@/lib/api/endpoint';
import type { RoutersHistory, RoutersView } from '@/lib/contracts/routers';
import { countOf } from '@/lib/format';
import { MAX_YAML_ALIASES } from '@/lib/limits';
import { isObject } from '@/lib/records';
import { errorCode, errorMessage } from '@/lib/thrown';
import { integer, requireProject, stringValue } from '../args';
import type { Command } from '../command';
import { badArguments } from '../exit-codes';
import { printJson } from '../output';
import { applyNamedSuggestion, showSuggestions } from './routers-suggest';

export const routersCommand: Command = {
  name: 'routers',
  summary: 'show, apply, suggest, list the history of or undo the routers',
  help: `favindex routers show --project P
favindex routers apply --project P -f FILE [--version N]     (FILE: YAML or JSON; - for stdin)
favindex routers history --project P [--limit N]
favindex routers undo --project P [--version N]
favindex routers suggest --project P [--limit N] [--offset N]
favindex routers apply-suggestion --project P NAME

  Routers fold tools of one shape into one presented tool with a typed op; singletons keep a
  tool on its own with the reason it has no sibling (§routers). FILE holds what spec.routers of
  the project's YAML holds, for example:

    routers:
      - name: issues
        description: Read GitHub issues, one or a filtered list.
        ops:
          - {op: get, tool: github/get_issue, note: One issue by its number.}
          - {op: list, tool: github/list_issues, note: Issues of a repository by state and label.}
    singletons:
      - {tool: github/search_code, reason: The only search over code.}

  apply replaces the routers whole; with --version N only if version N is still in force (412
  otherwise). favindex judges them: a tool in two places, two ops of one name, list_ops as an op
  or an unknown field is refused (exit 1, VALIDATION_FAILED, each problem with its path), and
  nothing is saved. A tool the catalog does not list is kept and warned of on stderr. undo puts
  back the routers as they were before the change in force, as a new version. The history
  records them as made via the CLI.

  suggest lists routers favindex suggests from the catalog (why, tools and tokens saved), the
  tools placed nowhere with where each would go, and the tools presented against the budget,
  --limit (1 to 200, 20 by default) at a time from --offset. apply-suggestion NAME saves the
  routers in force with that suggested router added, as one version undo takes back.

  Scopes for a token: config:read (show, history, suggest), config:write (apply, undo,
  apply-suggestion).`,
  options: { file: { type: 'string', short: 'f' }, version: { type: 'string' }, limit: { type: 'string' }, offset: { type: 'string' } },

  async run({ parsed, io, client }) {
    const [action, ...extra] = parsed.positionals;
    const named = action === 'apply-suggestion' ? extra.shift() : undefined;
    if (extra.length > 0) throw badArguments(`routers ${action} takes no more arguments (got ${extra.join(' ')})`);
    if (action === 'apply-suggestion' && !named)
      throw badArguments("apply-suggestion needs the suggested router's name", 'list them with favindex routers suggest');
    const project = requireProject(parsed.global);
    const json = parsed.global.json;
    const file = stringValue(parsed.values.file);
    const rawVersion = stringValue(parsed.values.version);
    const rawLimit = stringValue(parsed.values.limit);
    const rawOffset = stringValue(parsed.values.offset);
    if (file !== undefined && action !== 'apply') throw badArguments('-f goes with apply');
    if (rawVersion !== undefined && action !== 'apply' && action !== 'undo') throw badArguments('--version goes with apply or undo');
    if (rawLimit !== undefined && action !== 'history' && action !== 'suggest') throw badArguments('--limit goes with history or suggest');
    if (rawOffset !== undefined && action !== 'suggest') throw badArguments('--offset goes with suggest');
    const version = rawVersion === undefined ? undefined : integer(rawVersion, '--version', 0, 999_999_999);
    // Without --version, apply overwrites whatever is in force (If-Match: *), as a file says the routers whole.
    const ifMatch = { 'if-match': version === undefined ? '*' : `"${version}"` };

    if (action === 'show') {
      const { data: view } = await client.call(ROUTER_ENDPOINTS.read, { id: project });
      return json ? printJson(io, view) : io.stdout(describeRouters(view));
    }
    if (action === 'history') {
      const limit = rawLimit === undefined ? 20 : integer(rawLimit, '--limit', 1, 200);
      const { data: history } = await client.call(ROUTER_ENDPOINTS.history, { id: project }, { query: { limit } });
      return json ? printJson(io, history) : io.stdout(describeHistory(history));
    }
    if (action === 'suggest') {
      const limit = rawLimit === undefined ? 20 : integer(rawLimit, '--limit', 1, 200);
      const offset = rawOffset === undefined ? 0 : integer(rawOffset, '--offset', 0, 1_000_000);
      return showSuggestions(client, io, project, { limit, offset }, json);
    }
    if (action === 'apply-suggestion' && named) return applyNamedSuggestion(client, io, project, named, json);
    if (action === 'apply') {
      if (!file) throw badArguments('routers apply needs the routers: -f FILE (YAML or JSON), or -f - to read stdin');
      const body = readRoutersFile(file, file === '-' ? await io.readStdin() : readFile(file));
      const { data: result } = await client.call(ROUTER_ENDPOINTS.replace, { id: project }, { json: body, headers: ifMatch });
      if (result.warning) io.stderr(`warning: ${result.warning}\n`);
      if (json) return printJson(io, result);
      const done = result.changed ? `applied: version ${result.version}` : `the same routers again: no change (version ${result.version})`;
      return io.stdout(`Routers of ${project}: ${done}, ${summaryOf(result)}.\n`);
    }
    if (action === 'undo') {
      const { data: result } = await client.call(ROUTER_ENDPOINTS.undo, { id: project }, { headers: version === undefined ? {} : ifMatch });
      if (result.warning) io.stderr(`warning: ${result.warning}\n`);
      if (json) return printJson(io, result);
      return io.stdout(`Routers of ${project}: undid version ${result.undid}; now version ${result.version}, ${summaryOf(result)}.\n`);
    }
    throw badArguments(
      action ? `unknown routers action '${action}'` : 'routers needs an action',
      'use favindex routers show|apply|suggest|apply-suggestion|history|undo',
    );
  },
};

function readFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw badArguments(`cannot read ${file}: ${errorCode(err) === 'ENOENT' ? 'no such file' : errorMessage(err)}`);
  }
}

type RoutersBody = RequestBodyOf<typeof ROUTER_ENDPOINTS.replace>;

/**
 * The file's one YAML (or JSON) document as a mapping. favindex judges it with the routers'
 * one schema (§routers) and lists each problem by its path, so nothing more is checked here.
 */
function readRoutersFile(file: string, text: string): RoutersBody {
  const docs = parseAllDocuments(text, { uniqueKeys: true, merge: false, version: '1.2', schema: 'core' });
  const list = Array.isArray(docs) ? docs : [docs];
  const broken = list.flatMap((doc) => doc.errors)[0];
  if (broken) throw badArguments(`${file} is not YAML or JSON: ${broken.message}`);
  if (list.length > 1) throw badArguments(`${file} holds ${list.length} documents: give the routers as one`);
  let value: unknown;
  try {
    value = list[0]?.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (err) {
    throw badArguments(`${file} cannot be read: ${errorMessage(err)}`);
  }
  if (!isObject(value)) throw badArguments(`${file} holds no mapping: write routers: and singletons:, as spec.routers of a project's YAML`);
  if ('apiVersion' in value || 'spec' in value) {
    throw badArguments(`${file} is a project document: apply it with favindex apply -f ${file}, or give spec.routers alone here`);
  }
  // Sound: a mapping, sent as the body is; favindex refuses what its schema does not take, path by path.
  return value as RoutersBody;
}

function summaryOf(view: RoutersView): string {
  return `${countOf(view.routers.length, 'router')} of ${countOf(view.ops, 'op')}, ${countOf(view.singletons.length, 'singleton')}`;
}

function describeRouters(view: RoutersView): string {
  const lines = [`Routers of ${view.project}: version ${view.version}, ${summaryOf(view)}`];
  if (view.routers.length + view.singletons.length === 0) lines.push('  (none: favindex routers apply -f FILE writes them)');
  const missing = new Set(view.missingFromCatalog);
  const flag = (tool: string) => (missing.has(tool) ? '  (not in catalog)' : '');
  for (const router of view.routers) {
    lines.push(`  ${router.name}: ${router.description}`);
    const width = Math.max(...router.ops.map((o) => o.op.length));
    for (const op of router.ops) lines.push(`    ${op.op.padEnd(width)}  ${op.tool}  ${op.note}${flag(op.tool)}`);
  }
  if (view.singletons.length > 0) lines.push('  singletons:');
  for (const singleton of view.singletons) lines.push(`    ${singleton.tool}: ${singleton.reason}${flag(singleton.tool)}`);
  return `${lines.join('\n')}\n`;
}

function describeHistory(history: RoutersHistory): string {
  const lines = [`Routers history of ${history.project}: version ${history.currentVersion} in force`];
  if (history.changes.length === 0) lines.push('  (no change yet)');
  for (const change of history.changes)
    lines.push(`  ${String(change.version).padStart(4)}  ${change.changedAt}  ${change.via.padEnd(4)}  ${change.description}`);
  if (history.next !== null) lines.push(`  … older versions before ${history.next}`);
  return `${lines.join('\n')}\n`;
}
