import fs from 'node:fs';
import { pathOf } from '@/lib/api/endpoint';
import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import { fromJsonl, ResultsLineError } from '@/lib/bakeoff/results';
import { parseBakeoffTasks } from '@/lib/bakeoff/tasks';
import type { Transcript } from '@/lib/bakeoff/transcript';
import { projectDocumentSchema } from '@/lib/contracts/yaml';
import { ApiError } from '@/lib/errors';
import { isOneOf } from '@/lib/records';
import { SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { errorMessage } from '@/lib/thrown';
import { ProxyConfigError, readProxyConfig } from '@/proxy/config';
import type { ApiClient } from '../client';
import { badArguments, CliError, EXIT } from '../exit-codes';
import type { Io } from '../output';
import { type LiveServers, LiveServerError, startLiveServers } from './live-servers';
import { type Presentation, presentationOf, RoutersChangedError } from './presentation';

// What a bake-off run reads before its first cell: its presentations, its tasks, the results
// of an earlier run to resume, and the live servers of --servers.

/**
 * A presentation as --presentation names it: its id, its mode and its settings, which are the
 * preview's query but for the bake-off's own `envelope` (on, off), kept with them so an upload
 * shows what was run.
 */
export interface PresentationSpec {
  id: string;
  mode: SurfaceMode;
  query: Record<string, string>;
}

/** The setting of a routers presentation that leaves suggested_action out of a wrong op's answer (§bakeoff). */
const ENVELOPE = 'envelope';
const ENVELOPE_VALUES = ['on', 'off'] as const;

export function parsePresentation(text: string): PresentationSpec {
  const [head = '', ...rest] = text.split(',');
  const [id, mode] = head.split('=');
  if (!id || !mode) throw badArguments(`--presentation ${text}: give ID=MODE first, e.g. pinned=pinned,client=claude-code`);
  if (!isOneOf(SURFACE_MODES, mode)) throw badArguments(`--presentation ${text}: ${mode} is not a mode (${SURFACE_MODES.join(', ')})`);
  const query: Record<string, string> = {};
  for (const pair of rest) {
    const [key, value] = pair.split('=');
    if (!key || value === undefined || key === 'mode' || key === 'detail')
      throw badArguments(`--presentation ${text}: '${pair}' is not KEY=VALUE of the preview's query`);
    // Lists inside a presentation are joined by + (commas part its settings).
    query[key] = value.split('+').join(',');
  }
  const envelope = query[ENVELOPE];
  if (envelope !== undefined && !isOneOf(ENVELOPE_VALUES, envelope))
    throw badArguments(`--presentation ${text}: envelope is on or off (off: a wrong op's answer without suggested_action)`);
  if (envelope !== undefined && mode !== 'routers') throw badArguments(`--presentation ${text}: envelope is a setting of the routers mode only`);
  return { id, mode, query };
}

/**
 * Each presentation from the project's preview; with a routers presentation, the project's
 * routers too (what each op calls), read after the previews so a change between them is seen.
 */
export async function presentationsOf(client: ApiClient, project: string, specs: PresentationSpec[]): Promise<Presentation[]> {
  const previews = [];
  for (const spec of specs) {
    const { [ENVELOPE]: envelope, ...query } = spec.query;
    const answer = await client.call(SURFACE_ENDPOINTS.preview, { id: project }, { query: { ...query, mode: 'all', detail: 'full' } });
    previews.push({ spec, preview: answer.data, envelope: envelope !== 'off' });
  }
  const routers = specs.some((s) => s.mode === 'routers') ? (await client.call(ROUTER_ENDPOINTS.read, { id: project })).data : undefined;
  try {
    return previews.map(({ spec, preview, envelope }) => presentationOf(spec.id, spec.mode, preview, { routers, envelope }));
  } catch (err) {
    if (err instanceof RoutersChangedError) throw new CliError(EXIT.API_ERROR, err.message, { suggestedAction: 'run the same command again' });
    throw err;
  }
}

/** The results so far; a last line cut short by a kill is dropped, and the file cut back to the lines that are whole. */
export function previousResults(io: Io, file: string): Transcript[] {
  if (!fs.existsSync(file)) return [];
  let text = fs.readFileSync(file, 'utf8');
  if (text !== '' && !text.endsWith('\n')) {
    const whole = text.slice(0, text.lastIndexOf('\n') + 1);
    io.stderr(`${file}: its last line was cut short (a run stopped while writing it); that cell runs again\n`);
    fs.truncateSync(file, Buffer.byteLength(whole));
    text = whole;
  }
  try {
    return fromJsonl(text);
  } catch (err) {
    if (err instanceof ResultsLineError) throw badArguments(`${file}: ${err.message}`);
    throw err;
  }
}

export function readTasks(file: string) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw badArguments(`--tasks ${file}: ${errorMessage(err)}`);
  }
  try {
    return parseBakeoffTasks(text).tasks;
  } catch (err) {
    if (err instanceof ApiError) throw badArguments(`--tasks ${file}: ${err.message}`);
    throw err;
  }
}

/** The tasks the project keeps (spec.bakeoffTasks of its YAML), for a run without --tasks. */
export async function projectTasks(client: ApiClient, project: string) {
  const answer = await client.requestDocuments(pathOf(YAML_ENDPOINTS.exportProject, { id: project }), projectDocumentSchema);
  const tasks = answer.documents[0]?.spec.bakeoffTasks ?? [];
  if (tasks.length === 0)
    throw badArguments(
      `${project} keeps no bake-off tasks: give --tasks FILE, or keep them under spec.bakeoffTasks of its YAML (favindex export, edit, favindex apply)`,
    );
  return tasks;
}

/** How long a server of --servers has to start and list its tools. */
const SERVER_START_MS = 30_000;

/**
 * The servers of --servers that the project's catalog names, started; the others are said and
 * left alone (no tool of theirs can be called). Undefined without --servers.
 */
export async function liveServersOf(io: Io, file: string | undefined, servers: ReadonlySet<string>, callTimeoutMs: number): Promise<LiveServers | undefined> {
  if (file === undefined) return undefined;
  let config: ReturnType<typeof readProxyConfig>;
  try {
    config = readProxyConfig(file, io.env);
  } catch (err) {
    if (err instanceof ProxyConfigError) throw badArguments(`--servers ${file}: ${err.message}`);
    throw err;
  }
  const called = config.upstreams.filter((u) => servers.has(u.name));
  for (const u of config.upstreams) if (!servers.has(u.name)) io.stderr(`--servers: ${u.name} is not a server of the project's catalog; it is not started\n`);
  try {
    return await startLiveServers(called, { startTimeoutMs: SERVER_START_MS, callTimeoutMs });
  } catch (err) {
    if (err instanceof LiveServerError)
      throw new CliError(EXIT.MCP_SERVER, err.message, {
        suggestedAction: `check that server's entry in ${file} (favindex proxy --config starts it the same way)`,
      });
    throw err;
  }
}
