import { seededRandom } from '../lib/stats/random';

/**
 * Traces with a known effect, for the tests and the e2e spec of the impact report: sessions
 * under each surface revision, per model, whose meta calls per session follow a Poisson mean
 * the caller picks (so a drop of 40% after a revision for one model is planted there and
 * nowhere else). Every session then makes a few tool calls, the first usually ok.
 */
export interface PlantedSpec {
  revisions: number[];
  models: string[];
  sessionsPerCell: number;
  /** Mean meta calls per session under a revision, for a model. */
  metaMean: (revision: number, model: string) => number;
  /** Tool calls after the meta calls. */
  tools: string[];
  now: number;
  seed?: number;
  client?: string;
}

export interface PlantedEvent {
  id: string;
  timestamp: string;
  tool: string;
  sessionId: string;
  status: 'ok' | 'error';
  model: string;
  client: string;
  surfaceRevision: number;
}

function poisson(mean: number, rand: () => number): number {
  let k = 0;
  for (let p = rand(); p > Math.exp(-mean); p *= rand()) k++;
  return k;
}

export function plantedTraces(spec: PlantedSpec): PlantedEvent[] {
  const rand = seededRandom(spec.seed ?? 1);
  return plantedCells(
    { ...spec, groups: spec.models },
    (revision, model) => {
      const meta = poisson(spec.metaMean(revision, model), rand);
      const calls = [...Array.from({ length: meta }, () => 'mcp_find_tools'), ...spec.tools.slice(0, 2 + Math.floor(rand() * (spec.tools.length - 1)))];
      return calls.map((tool) => ({ tool, status: rand() < 0.05 ? 'error' : 'ok' }));
    },
    (model) => ({ model, client: spec.client ?? 'planted-client' }),
  );
}

/**
 * The effect most tests look for: a project at revision 3 (two pins), 120 sessions per revision
 * and model; after revision 3 model-a makes 40% fewer meta calls (1.5 per session, not 2.5),
 * model-b as many as before.
 */
export function plantedMetaDrop(now = Date.now()): PlantedEvent[] {
  return plantedTraces({
    revisions: [1, 2, 3],
    models: ['model-a', 'model-b'],
    sessionsPerCell: 120,
    metaMean: (revision, model) => (revision === 3 && model === 'model-a' ? 1.5 : 2.5),
    tools: ['favourite/create_issue', 'github/get_issue', 'favourite/list_issues', 'github/search_issues'],
    now,
    seed: 15,
  });
}

const DAY_MS = 86_400_000;

/**
 * `perDay` calls of each tool on each day from `from` to `to` days ago (UTC noon, never in the
 * future), one session a day: the habits a backtest is run over.
 */
export function dailyCalls(from: number, to: number, perDay: Record<string, number>) {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const out: { id: string; timestamp: string; tool: string; sessionId: string }[] = [];
  for (let ago = from; ago >= to; ago--) {
    const at = Math.min(today - ago * DAY_MS + 12 * 3_600_000, Date.now() - 60_000);
    for (const [tool, n] of Object.entries(perDay)) {
      for (let i = 0; i < n; i++) out.push({ id: `${tool}-${ago}-${i}`, timestamp: new Date(at + i).toISOString(), tool, sessionId: `s-${ago}` });
    }
  }
  return out;
}

/**
 * Sessions under each revision and client whose calls the caller picks, in order (session s of
 * a revision and client calls `calls(revision, client, s)`, all ok): for effects on which
 * sessions use which tools, such as a tool called in one session of three before it is pinned
 * and in every session after.
 */
export function plantedSessions(spec: {
  revisions: number[];
  clients: string[];
  sessionsPerCell: number;
  calls: (revision: number, client: string, session: number) => string[];
  now: number;
}): PlantedEvent[] {
  return plantedCells(
    { ...spec, groups: spec.clients },
    (revision, client, session) => spec.calls(revision, client, session).map((tool) => ({ tool, status: 'ok' })),
    (client) => ({ model: 'model', client }),
  );
}

/**
 * Every session of every revision and group (a model or a client), in that order, from an hour
 * before `now` with 137 ms between calls: `session` says what one calls, `who` which model and
 * client a group's events carry.
 */
function plantedCells(
  spec: { revisions: number[]; groups: string[]; sessionsPerCell: number; now: number },
  session: (revision: number, group: string, session: number) => { tool: string; status: PlantedEvent['status'] }[],
  who: (group: string) => Pick<PlantedEvent, 'model' | 'client'>,
): PlantedEvent[] {
  const events: PlantedEvent[] = [];
  let at = spec.now - 3_600_000;
  for (const revision of spec.revisions) {
    for (const group of spec.groups) {
      for (let s = 0; s < spec.sessionsPerCell; s++) {
        const sessionId = `r${revision}-${group}-${s}`;
        for (const { tool, status } of session(revision, group, s)) {
          at += 137;
          events.push({
            id: `${sessionId}-${events.length}`,
            timestamp: new Date(at).toISOString(),
            tool,
            sessionId,
            status,
            ...who(group),
            surfaceRevision: revision,
          });
        }
      }
    }
  }
  return events;
}
