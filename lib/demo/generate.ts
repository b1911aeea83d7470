import { canonical, splitCanonical } from '@/lib/names/canonical';
import { safeAllPlain, safeFavouritePlain } from '@/lib/names/safe';
import { typedNameOf } from '@/lib/names/typed';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { seededRandom, seedOf } from '@/lib/stats/random';
import { demoArguments } from './arguments';
import { itemAt } from '@/lib/arrays';

export interface DemoServer {
  server: string;
  tools: CatalogTool[];
}

export interface DemoFavouritesVersion {
  /** When the version took effect (ms since the epoch): a UTC midnight, so the hour the demo is seeded at moves nothing. */
  at: number;
  tools: string[];
}

export interface DemoEvent {
  id: string;
  type: 'tool_call_trace';
  timestamp: string;
  tool: string;
  server?: string;
  arguments?: Record<string, unknown>;
  sessionId: string;
  status: 'ok' | 'error';
  errorCode: string | null;
  durationMs: number;
  /** Left out for a script: no model made the call. */
  model?: string;
  client: string;
}

export { seededRandom };

/** Zipf weights: the k-th most popular of n items gets 1/k^s. */
export function zipfWeights(n: number, s: number): number[] {
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

export function pickWeighted<T>(items: readonly T[], cumulative: readonly number[], r: number): T {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (itemAt(cumulative, mid) < r) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= items.length) throw new Error('pickWeighted needs one cumulative weight per item');
  return itemAt(items, lo);
}

function cumulativeOf(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((w) => (sum += w));
}

/**
 * How a client presents tools to its model, and so how calls come back named: `favindex` as the
 * proxy reports them (safe names), `favindex-client` as the client's own traces name them.
 */
type Presentation = 'favindex' | 'favindex-client' | 'eager' | 'invoke' | 'canonical' | 'bare' | 'given-server';

/** `withArguments`: whether the client's traces carry each call's arguments (some leave them out, for privacy). */
const CLIENTS: { client: string; model: string | null; presentation: Presentation; weight: number; withArguments: boolean }[] = [
  { client: 'claude-code', model: 'claude-sonnet-4.6', presentation: 'favindex-client', weight: 0.34, withArguments: false },
  { client: 'codex-cli', model: 'gpt-5.4-mini', presentation: 'favindex', weight: 0.14, withArguments: true },
  { client: 'cursor', model: 'gpt-5.4', presentation: 'eager', weight: 0.18, withArguments: true },
  { client: 'goose', model: 'gemini-3-flash', presentation: 'invoke', weight: 0.12, withArguments: true },
  { client: 'mcp-proxy', model: 'gpt-5.4-mini', presentation: 'given-server', weight: 0.1, withArguments: true },
  { client: 'custom-agent', model: 'llama-4-scout', presentation: 'canonical', weight: 0.07, withArguments: true },
  { client: 'scripted', model: null, presentation: 'bare', weight: 0.05, withArguments: false },
];

const ERROR_CODES = ['TIMEOUT', 'NOT_FOUND', 'PERMISSION_DENIED', 'RATE_LIMITED', 'INVALID_ARGUMENTS'];
const INVOKE_SPELLINGS = [
  ['server', 'tool'],
  ['server_name', 'tool_name'],
  ['serverName', 'toolName'],
] as const;
/**
 * How much a session searches before it works, by how many favourites the model was shown: a
 * model handed a short, well-chosen list wanders less (the effect the Impact tab should find
 * after each favourites change). Clients that do not present favourites do not change.
 */
const WANDERING = [
  { favourites: 0, firstSearch: 0.8, extraSearches: 1.4, firstCallFails: 0.12 },
  { favourites: 6, firstSearch: 0.55, extraSearches: 0.7, firstCallFails: 0.07 },
  { favourites: 10, firstSearch: 0.35, extraSearches: 0.3, firstCallFails: 0.05 },
];
const UNCHANGED = { favourites: 0, firstSearch: 0.5, extraSearches: 0.3, firstCallFails: 0.045 };

function wanderingOf(presentation: Presentation, favourites: readonly string[]) {
  if (presentation === 'bare') return { ...UNCHANGED, firstSearch: 0, extraSearches: 0 };
  if (presentation !== 'favindex' && presentation !== 'favindex-client') return UNCHANGED;
  return [...WANDERING].reverse().find((w) => favourites.length >= w.favourites) ?? itemAt(WANDERING, 0);
}

function poisson(mean: number, rand: () => number): number {
  let k = 0;
  for (let p = rand(); p > Math.exp(-mean); p *= rand()) k++;
  return k;
}

/** Names that models really produce and nothing can resolve: typos, stale favourites. */
const BAD_NAMES = ['github__creat_issue', 'favourite/deploy_app', 'jira/create_ticket', 'create_issue'];

export interface DemoData {
  favourites: DemoFavouritesVersion[];
  events: DemoEvent[];
}

/**
 * Thirty days of believable traffic over a real catalog: Zipf tool popularity, sessions that
 * stick to a server or two, weekday rhythm and growth, a few errors, every presented-name form
 * (§names), and the favourites history those names were presented under. Models shown more
 * favourites search less and fail their first call less often (§impact). The calls of clients
 * whose traces carry arguments carry them, built from the tool's inputSchema, each model with
 * its share of mistakes (§arguments).
 */
export function generateDemo(servers: readonly DemoServer[], opts: { now: number; days?: number; seed?: number }): DemoData {
  const days = opts.days ?? 30;
  const seed = opts.seed ?? 42;
  const rand = seededRandom(seed);
  const schemas = new Map(servers.flatMap((s) => s.tools.map((t) => [canonical(s.server, t.name), t.inputSchema] as const)));
  const all = servers.flatMap((s) => s.tools.map((t) => canonical(s.server, t.name)));
  // Popularity order: a shuffled catalog, so the top tools span servers.
  const ranked = [...all].sort(() => rand() - 0.5);
  const cumulative = cumulativeOf(zipfWeights(ranked.length, 1.15));
  const toolCount = new Map<string, number>();
  for (const s of servers) for (const t of s.tools) toolCount.set(t.name, (toolCount.get(t.name) ?? 0) + 1);

  const dayMs = 86_400_000;
  const today = Math.floor(opts.now / dayMs) * dayMs;
  const favourites: DemoFavouritesVersion[] = [
    { at: today - (days + 1) * dayMs, tools: [] },
    { at: today - Math.round(days * 0.8) * dayMs, tools: ranked.slice(0, 6) },
    // A later version swaps in gitlab/create_issue, so fav_… names change meaning over time.
    {
      at: today - Math.round(days * 0.35) * dayMs,
      tools: [...ranked.slice(0, 9).filter((t) => t !== 'gitlab/create_issue'), 'gitlab/create_issue'].slice(0, 10),
    },
  ];
  const favouritesAt = (at: number) => [...favourites].reverse().find((f) => f.at <= at)?.tools ?? itemAt(favourites, 0).tools;

  const clientCumulative = cumulativeOf(CLIENTS.map((c) => c.weight));
  const events: DemoEvent[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = today - d * dayMs;
    const weekday = new Date(dayStart).getUTCDay();
    const growth = 1 + (days - d) / days;
    // Each day, and each session in it, draws from a stream of its own (named by how many days
    // ago it is), so what one session does never shifts another: the demo tells the same story
    // whatever the date and hour it is seeded at. The arguments have their own stream too, so
    // the traffic (tools, sessions, timing) is the same with or without them.
    const dayRand = seededRandom(seedOf(seed, 'day', d));
    const sessionsToday = Math.round((weekday === 0 || weekday === 6 ? 14 : 36) * growth * (0.8 + dayRand() * 0.4));
    for (let s = 0; s < sessionsToday; s++) {
      const sessionRand = seededRandom(seedOf(seed, 'session', d, s));
      const argumentRand = seededRandom(seedOf(seed, 'arguments', d, s));
      events.push(...demoSession(sessionRand, argumentRand, { d, s, dayStart, dayMs, now: opts.now }));
    }
  }
  return { favourites, events: events.filter((e) => Date.parse(e.timestamp) <= opts.now).map((e, n) => ({ ...e, id: eventId(n) })) };

  function demoSession(
    rand: () => number,
    argumentRand: () => number,
    day: { d: number; s: number; dayStart: number; dayMs: number; now: number },
  ): DemoEvent[] {
    const session: DemoEvent[] = [];
    const who = pickWeighted(CLIENTS, clientCumulative, rand());
    const sessionId = `s-${day.d}-${day.s}-${Math.floor(rand() * 1e6).toString(36)}`;
    let at = day.dayStart + Math.floor((0.3 + 0.6 * rand()) * day.dayMs);
    if (at > day.now - 60_000) return session;
    const calls = 3 + Math.floor(rand() ** 2 * 40);
    const focus = pickWeighted(ranked, cumulative, rand()).split('/')[0];
    const wandering = wanderingOf(who.presentation, favouritesAt(at));
    const searches = (rand() < wandering.firstSearch ? 1 : 0) + poisson(wandering.extraSearches, rand);
    for (let m = 0; m < searches; m++) {
      session.push(baseEvent(at, sessionId, who, rand, { tool: rand() < 0.5 ? 'begin_session' : 'mcp_find_tools' }));
      at += 1_000 + Math.floor(rand() * 20_000);
    }
    for (let c = 0; c < calls && at < day.now - 1000; c++) {
      at += 2_000 + Math.floor(rand() * 90_000);
      let tool = pickWeighted(ranked, cumulative, rand());
      if (rand() < 0.6 && !tool.startsWith(`${focus}/`)) {
        const sameServer = ranked.filter((t) => t.startsWith(`${focus}/`));
        const picked = sameServer[Math.floor(rand() ** 2 * sameServer.length)];
        if (picked === undefined) throw new Error(`server '${focus}' came from a ranked tool, so it has one`);
        tool = picked;
      }
      const invented = rand() < 0.004;
      const sent = !invented && who.withArguments && who.model !== null ? demoArguments(schemas.get(tool) ?? {}, who.model, argumentRand) : null;
      const presented = invented
        ? { tool: itemAt(BAD_NAMES, Math.floor(rand() * BAD_NAMES.length)) }
        : present(tool, who.presentation, favouritesAt(at), toolCount, rand, sent?.arguments);
      const event = baseEvent(at, sessionId, who, rand, presented, c === 0 ? wandering.firstCallFails : undefined);
      // A server that checks its own schema refuses most wrong arguments (observe mode forwards them).
      if (sent?.refused && event.status === 'ok' && argumentRand() < 0.75) Object.assign(event, { status: 'error', errorCode: 'INVALID_ARGUMENTS' });
      session.push(event);
    }
    return session;
  }
}

const eventId = (n: number) => `demo-${n.toString(36).padStart(6, '0')}`;

function baseEvent(
  at: number,
  sessionId: string,
  who: (typeof CLIENTS)[number],
  rand: () => number,
  presented: { tool: string; server?: string; arguments?: Record<string, unknown> },
  failureRate = 0.045,
): DemoEvent {
  const failed = rand() < failureRate;
  return {
    id: '',
    type: 'tool_call_trace',
    timestamp: new Date(at).toISOString(),
    ...presented,
    sessionId,
    status: failed ? 'error' : 'ok',
    errorCode: failed ? itemAt(ERROR_CODES, Math.floor(rand() * ERROR_CODES.length)) : null,
    durationMs: Math.round(20 + rand() ** 3 * 4000),
    ...(who.model === null ? {} : { model: who.model }),
    client: who.client,
  };
}

function present(
  tool: string,
  presentation: Presentation,
  favourites: readonly string[],
  toolCount: ReadonlyMap<string, number>,
  rand: () => number,
  args: Record<string, unknown> | undefined,
): { tool: string; server?: string; arguments?: Record<string, unknown> } {
  const parts = splitCanonical(tool);
  // The demo names every tool from its own catalog, so a name that does not split is a bug here.
  if (!parts) throw new Error(`demo tool ${tool} is not server/tool`);
  const { server, tool: name } = parts;
  const sent = args ? { arguments: args } : {};
  switch (presentation) {
    case 'favindex':
    case 'favindex-client': {
      const safe = favourites.includes(tool) ? safeFavouritePlain(tool, favourites) : safeAllPlain(server, name);
      return { tool: presentation === 'favindex' ? safe : `mcp__favindex__${safe}`, ...sent };
    }
    case 'eager':
      return { tool: typedNameOf(tool), ...sent };
    case 'invoke': {
      const [serverKey, toolKey] = itemAt(INVOKE_SPELLINGS, Math.floor(rand() * INVOKE_SPELLINGS.length));
      return { tool: INVOKE_TOOL, arguments: { [serverKey]: server, [toolKey]: name, arguments: args ?? {} } };
    }
    case 'given-server':
      return favourites.includes(tool) ? { tool: `favourite/${name}`, server, ...sent } : { tool: name, server, ...sent };
    case 'bare':
      return toolCount.get(name) === 1 ? { tool: name, ...sent } : { tool, ...sent };
    default:
      return { tool, ...sent };
  }
}
