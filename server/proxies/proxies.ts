import {
  countProxiesOf,
  deleteProxiesSeenBefore,
  deleteProxy,
  listProxies,
  listProxiesOfEveryProject,
  lockProxyClaim,
  type ProxyOwner,
  type ProxyRow,
  proxyOwner,
  upsertProxyReport,
} from '@/db/queries/proxies';
import type { Db } from '@/db/client';
import { listTokens } from '@/db/queries/tokens';
import type { ProxyList, ProxyView } from '@/lib/contracts/proxies';
import { ApiError, projectNotFound } from '@/lib/errors';
import { MAX_PROXIES_PER_TOKEN, PROXY_CONNECTED_MS, PROXY_FORGOTTEN_MS } from '@/lib/limits';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { requireProject } from '@/server/projects/project-locks';

function proxyNotFound(projectId: string, proxyId: string): ApiError {
  return new ApiError('PROXY_NOT_FOUND', `project '${projectId}' has no proxy '${proxyId.slice(0, 100)}'`, {
    suggestedAction: 'list the proxies with GET /api/projects/:id/proxies',
    citedRule: '§auth',
  });
}

/** A running proxy whose last report is recent enough; a stopping proxy's last report says it is gone. */
function isConnected(row: ProxyRow, now: number): boolean {
  return row.report.state === 'running' && now - row.lastSeenAt.getTime() < PROXY_CONNECTED_MS;
}

function toProxyView(row: ProxyRow, now: number): ProxyView {
  const r = row.report;
  return {
    id: row.id,
    host: r.host,
    version: r.version,
    startedAt: new Date(r.startedAt).toISOString(),
    transport: r.transport,
    state: r.state,
    surfaceRevision: r.surfaceRevision,
    servers: r.servers.map((s) => ({ ...s, protocol: s.protocol ?? null })),
    clients: r.clients.map((c) => ({ ...c, protocols: c.protocols ?? [] })),
    presented: r.presented,
    // A report of an older proxy, or of one with nothing lost, leaves these out.
    spool: { ...r.spool, lagMs: r.spool.lagMs ?? 0, lost: r.spool.lost ?? 0, lostCause: r.spool.lostCause ?? null, setAside: r.spool.setAside ?? 0 },
    lastError: r.lastError,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    connected: isConnected(row, now),
  };
}

function reportedUnderAnotherToken(proxyId: string): ApiError {
  return new ApiError('FORBIDDEN', `proxy '${proxyId.slice(0, 100)}' reports under another token of this project`, {
    suggestedAction:
      'run this proxy with its own state folder (a proxy of its own), or with the token it reports under; to move the proxy to this token, revoke the other one or forget the proxy (DELETE /api/projects/:id/proxies/:proxyId)',
    citedRule: '§auth',
  });
}

/** Proxies seen since then are kept; older ones are forgotten. */
function forgottenBefore(now: Date): Date {
  return new Date(now.getTime() - PROXY_FORGOTTEN_MS);
}

/**
 * Whose a proxy is to a report under `tokenId` (null: the admin): `mine` to report (its own,
 * and the admin's report of any), `another`'s while that other token is active, else `free` to
 * take as a first report (none, forgotten, reported without a token or under a revoked one).
 */
function claimOf(owner: ProxyOwner | null, tokenId: string | null, since: Date): 'mine' | 'another' | 'free' {
  if (owner === null || owner.lastSeenAt < since) return 'free';
  if (tokenId === null || owner.tokenId === tokenId) return 'mine';
  return owner.tokenActive ? 'another' : 'free';
}

/**
 * Store a proxy's report (the last one wins) under the token that sends it, null for the admin
 * (§auth). A proxy is its token's: another token's report of it is refused while that token is
 * active. A token keeps MAX_PROXIES_PER_TOKEN proxies, counted apart from every other token's,
 * and a proxy not heard from for PROXY_FORGOTTEN_MS is forgotten, so no token's reports can
 * crowd out another's.
 */
export async function reportProxy(db: Db, projectId: string, proxyId: string, report: ProxyReport, tokenId: string | null): Promise<ProxyView> {
  const now = new Date();
  // A known proxy's report is one read and one upsert (every 30 s per proxy).
  const known = await db.transaction(async (tx) => {
    const claim = claimOf(await proxyOwner(tx, projectId, proxyId), tokenId, forgottenBefore(now));
    if (claim === 'another') throw reportedUnderAnotherToken(proxyId);
    return claim === 'mine' ? upsertProxyReport(tx, projectId, proxyId, report, now, tokenId ?? undefined) : null;
  });
  const row = known ?? (await inTurn(`${projectId}\u0000${tokenId ?? ''}`, () => firstReport(db, projectId, proxyId, report, tokenId, now)));
  return toProxyView(row, now.getTime());
}

/**
 * A first report takes the claim on its id and its token's count (lockProxyClaim), which
 * serialises the first reports that could race so the limit holds (and answers 404 for a
 * project that is not there), then looks again: another may have come meanwhile.
 */
function firstReport(db: Db, projectId: string, proxyId: string, report: ProxyReport, tokenId: string | null, now: Date): Promise<ProxyRow> {
  const since = forgottenBefore(now);
  return db.transaction(async (tx) => {
    if (!(await lockProxyClaim(tx, projectId, proxyId, tokenId))) throw projectNotFound(projectId);
    const claim = claimOf(await proxyOwner(tx, projectId, proxyId), tokenId, since);
    if (claim === 'mine') return upsertProxyReport(tx, projectId, proxyId, report, now, tokenId ?? undefined);
    if (claim === 'another') throw reportedUnderAnotherToken(proxyId);
    await deleteProxiesSeenBefore(tx, projectId, since);
    if ((await countProxiesOf(tx, projectId, tokenId, since)) >= MAX_PROXIES_PER_TOKEN) {
      const whose = tokenId === null ? 'the proxies reported without a token' : 'this token';
      throw new ApiError(
        'PROXY_LIMIT_REACHED',
        `${whose} already keep${tokenId === null ? '' : 's'} ${MAX_PROXIES_PER_TOKEN} proxies in project '${projectId}'`,
        {
          suggestedAction:
            'forget proxies that no longer run (DELETE /api/projects/:id/proxies/:proxyId, or the Proxies tab); a proxy not heard from for 7 days is forgotten by itself',
          citedRule: '§auth',
        },
      );
    }
    return upsertProxyReport(tx, projectId, proxyId, report, now, tokenId);
  });
}

/** The last first report under way per project and token, in this process. */
const firstReports = new Map<string, Promise<unknown>>();

/**
 * Run `work` after the one before it of the same key: a new fleet's first reports of one token
 * wait here, in turn, rather than each holding a database connection while it waits for the
 * claim the one before holds (they took every connection ingest needed). The database's claim
 * still orders them against other processes.
 */
function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = firstReports.get(key) ?? Promise.resolve();
  const run = before.then(work);
  const settled = run.then(
    () => {},
    () => {},
  );
  firstReports.set(key, settled);
  void settled.then(() => {
    if (firstReports.get(key) === settled) firstReports.delete(key);
  });
  return run;
}

/** The project's proxies: connected first, then the most recently seen. */
export async function listProjectProxies(db: Db, projectId: string): Promise<ProxyList> {
  await requireProject(db, projectId);
  const now = Date.now();
  const views = (await listProxies(db, projectId, forgottenBefore(new Date(now)))).map((row) => toProxyView(row, now));
  return { connectedWithinMs: PROXY_CONNECTED_MS, proxies: [...views.filter((v) => v.connected), ...views.filter((v) => !v.connected)] };
}

export async function forgetProxy(db: Db, projectId: string, proxyId: string): Promise<void> {
  await requireProject(db, projectId);
  if (!(await deleteProxy(db, projectId, proxyId))) throw proxyNotFound(projectId, proxyId);
}

/** A connected proxy, and the token it reports under (null: the admin's, or a token since revoked). */
export interface ConnectedProxy {
  view: ProxyView;
  token: { id: string; name: string } | null;
}

/** The connected proxies with their tokens: whose sessions a plan counts (§policy). */
export async function connectedProxies(db: Db, projectId: string): Promise<ConnectedProxy[]> {
  await requireProject(db, projectId);
  const now = Date.now();
  const rows = (await listProxies(db, projectId, forgottenBefore(new Date(now)))).filter((row) => isConnected(row, now));
  if (rows.length === 0) return [];
  const live = new Map((await listTokens(db, projectId)).filter((t) => t.revokedAt === null).map((t) => [t.id, { id: t.id, name: t.name }]));
  return rows.map((row) => ({ view: toProxyView(row, now), token: row.tokenId === null ? null : (live.get(row.tokenId) ?? null) }));
}

/** The connected proxies of every project, and the backlog of traces they report waiting in their spools. */
export interface ProxyFleet {
  connected: number;
  spoolEvents: number;
  spoolBytes: number;
  /** How long the oldest trace waiting in any of their spools has waited (0: none waits, or no proxy says). */
  oldestWaitMs: number;
}

/** What every connected proxy of the server reports, added up (the figures of GET /metrics). */
export async function proxyFleet(db: Db): Promise<ProxyFleet> {
  const now = Date.now();
  const fleet: ProxyFleet = { connected: 0, spoolEvents: 0, spoolBytes: 0, oldestWaitMs: 0 };
  for (const row of await listProxiesOfEveryProject(db, new Date(now - PROXY_CONNECTED_MS))) {
    if (!isConnected(row, now)) continue;
    const { spool } = row.report;
    fleet.connected++;
    fleet.spoolEvents += spool.events;
    fleet.spoolBytes += spool.bytes;
    fleet.oldestWaitMs = Math.max(fleet.oldestWaitMs, spool.lagMs ?? 0);
  }
  return fleet;
}

/** What the connected proxies run: how many there are, and the union of their servers. */
export interface RunningProxies {
  proxies: number;
  servers: ReadonlySet<string>;
}

/**
 * The servers some connected proxy runs, or null when no proxy is connected (then what was
 * uploaded is all there is to count, as for a team that uploads catalogs by hand).
 */
export async function runningProxies(db: Db, projectId: string): Promise<RunningProxies | null> {
  const now = Date.now();
  const connected = (await listProxies(db, projectId, forgottenBefore(new Date(now)))).filter((row) => isConnected(row, now));
  if (connected.length === 0) return null;
  return { proxies: connected.length, servers: new Set(connected.flatMap((row) => row.report.servers.map((s) => s.name))) };
}

/**
 * Why these pinned tools reach no client, or null: while a proxy is connected, a tool of a server
 * none of them runs is in no list a client receives (with none connected nothing is known).
 */
export async function notServedWarning(db: Db, projectId: string, tools: readonly string[]): Promise<string | null> {
  const running = await runningProxies(db, projectId);
  if (!running) return null;
  const unserved = tools.filter((tool) => !running.servers.has(tool.split('/')[0] ?? ''));
  if (unserved.length === 0) return null;
  const servers = [...new Set(unserved.map((tool) => tool.split('/')[0]))];
  const they = running.proxies === 1 ? 'it runs' : 'they run';
  const runs = running.servers.size > 0 ? `${they} ${[...running.servers].sort().join(', ')}` : `${they} no server`;
  const proxies = running.proxies === 1 ? 'the connected proxy does not run' : `none of the ${running.proxies} connected proxies runs`;
  return `${unserved.join(', ')} reach${unserved.length === 1 ? 'es' : ''} no client: ${proxies} ${servers.map((s) => `'${s}'`).join(', ')} (${runs}); add it to a proxy's servers file`;
}
