import { and, asc, eq, sql } from 'drizzle-orm';
import { ApiError, projectNotFound } from '@/lib/errors';
import type { SurfaceConfig, SurfaceMode } from '@/lib/schemas/surface-config';
import { catalogKey, preparedCatalogFor, type PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { BatchedRead } from '@/lib/surface/batched-read';
import { SurfaceCache, type RenderedSurface } from '@/lib/surface/surface-cache';
import { buildSurfaceDocument, etagOf } from '@/lib/surface/surface-document';
import type { Db } from '../client';
import { events, favouriteIndexes, projects } from '../schema';
import { queryRows } from '../sql';
import { getCatalog } from './catalog';
import { getFavourites, type FavouriteState } from './favourites';
import { requireProject } from './projects';

/** What a surface response depends on, read in one small query. */
interface SurfaceVersions {
  catalogVersion: number;
  favouritesVersion: number;
  surfaceText: string;
}

function versionsQuery(db: Db) {
  return db
    .select({
      catalogVersion: projects.catalogVersion,
      favouritesVersion: favouriteIndexes.version,
      surfaceText: sql<string>`${projects.surface}::text`,
    })
    .from(projects)
    .innerJoin(favouriteIndexes, eq(favouriteIndexes.projectId, projects.id))
    .where(eq(projects.id, sql.placeholder('id')));
}

/** Prepared once per database: the hot path of every proxy poll. */
const preparedVersions = new WeakMap<Db, ReturnType<ReturnType<typeof versionsQuery>['prepare']>>();

async function readSurfaceVersions(db: Db, projectId: string, inTransaction = false): Promise<SurfaceVersions> {
  let query = inTransaction ? null : preparedVersions.get(db);
  if (!query) {
    query = versionsQuery(db).prepare('favindex_surface_versions');
    if (!inTransaction) preparedVersions.set(db, query);
  }
  const [row] = await query.execute({ id: projectId });
  if (!row) throw projectNotFound(projectId);
  return row;
}

export interface SurfaceInputs {
  surface: SurfaceConfig;
  favourites: FavouriteState;
  catalogVersion: number;
  catalog: PreparedCatalog;
}

/** A project's surface config, favourites and prepared catalog (shared by every request for that catalog). */
export async function loadSurfaceInputs(db: Db, projectId: string): Promise<SurfaceInputs> {
  const project = await requireProject(db, projectId);
  const favourites = await getFavourites(db, projectId);
  const servers = await getCatalog(db, projectId);
  const catalog = preparedCatalogFor(catalogKey(servers), () => servers.map((s) => ({ name: s.name, tools: s.tools })));
  return { surface: project.surface, favourites, catalogVersion: project.catalogVersion, catalog };
}

const rendered = new SurfaceCache();
const versionReads = new WeakMap<Db, BatchedRead<string, SurfaceVersions>>();

/** Requests for a project arriving together share one versions query, begun after each of them arrived. */
function currentVersions(db: Db, projectId: string): Promise<SurfaceVersions> {
  let reads = versionReads.get(db);
  if (!reads) {
    reads = new BatchedRead((id) => readSurfaceVersions(db, id));
    versionReads.set(db, reads);
  }
  return reads.get(projectId);
}

/**
 * The proxy's view of a project (§surface), rendered once per change: a request costs one
 * small query to learn the versions, and a full build only when they moved.
 */
export async function getRenderedSurface(db: Db, projectId: string, mode: SurfaceMode | undefined): Promise<RenderedSurface> {
  const versions = await currentVersions(db, projectId);
  const slot = `${projectId}\u0000${mode ?? ''}`;
  const hit = rendered.get(db, slot, versionKey(versions));
  if (hit) return hit;
  // Read the versions again with the inputs, in one snapshot, so the key names what was built.
  const { key, value } = await db.transaction(
    async (tx) => {
      const current = await readSurfaceVersions(tx, projectId, true);
      const inputs = await loadSurfaceInputs(tx, projectId);
      const document = buildSurfaceDocument(
        {
          project: projectId,
          version: { catalog: inputs.catalogVersion, favourites: inputs.favourites.version },
          surface: inputs.surface,
          favourites: inputs.favourites,
        },
        inputs.catalog,
        mode ?? inputs.surface.mode,
      );
      return { key: versionKey(current), value: { body: JSON.stringify(document), etag: etagOf(document.fingerprint) } };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  rendered.set(db, slot, key, value);
  return value;
}

function versionKey(v: SurfaceVersions): string {
  return `${v.catalogVersion}|${v.favouritesVersion}|${v.surfaceText}`;
}

export interface SessionSummary {
  id: string;
  calls: number;
  toolCalls: number;
  firstAt: string;
  lastAt: string;
  client: string | null;
  model: string | null;
}

/** How many of the latest events to look through for recent sessions: bounded work at any table size. */
const RECENT_EVENTS_SCANNED = 20_000;

/** The most recently active sessions of a project, newest first, for the replay picker. */
export async function listRecentSessions(db: Db, projectId: string, limit: number): Promise<SessionSummary[]> {
  const rows = await queryRows<{
    session_id: string;
    calls: number;
    tool_calls: number;
    first_at: Date | string;
    last_at: Date | string;
    client: string | null;
    model: string | null;
  }>(
    db,
    sql`with recent as (
          select session_id, ts from events
          where project_id = ${projectId} and session_id is not null
          order by ts desc limit ${RECENT_EVENTS_SCANNED}
        ), picked as (
          select session_id, max(ts) as last_ts from recent group by session_id order by last_ts desc limit ${limit}
        )
        select p.session_id, s.calls, s.tool_calls, s.first_at, s.last_at, s.client, s.model
        from picked p cross join lateral (
          select count(*)::int as calls, (count(*) filter (where e.kind = 'tool'))::int as tool_calls,
                 min(e.ts) as first_at, max(e.ts) as last_at, max(e.client) as client, max(e.model) as model
          from events e where e.project_id = ${projectId} and e.session_id = p.session_id
        ) s
        order by p.last_ts desc, p.session_id`,
  );
  return rows.map((r) => ({
    id: r.session_id,
    calls: Number(r.calls),
    toolCalls: Number(r.tool_calls),
    firstAt: new Date(r.first_at).toISOString(),
    lastAt: new Date(r.last_at).toISOString(),
    client: r.client,
    model: r.model,
  }));
}

export interface RecordedCall {
  id: string;
  timestamp: string;
  tool: string;
  canonical: string | null;
  kind: string;
}

export const MAX_REPLAYED_CALLS = 1_000;

/** A recorded session's calls in the order they happened (at most MAX_REPLAYED_CALLS); 404 when it has none. */
export async function getSessionCalls(db: Db, projectId: string, sessionId: string): Promise<{ calls: RecordedCall[]; truncated: boolean }> {
  const rows = await db
    .select({ id: events.eventId, ts: events.ts, rawName: events.rawName, kind: events.kind, tool: events.tool })
    .from(events)
    .where(and(eq(events.projectId, projectId), eq(events.sessionId, sessionId)))
    .orderBy(asc(events.ts), asc(events.eventId))
    .limit(MAX_REPLAYED_CALLS + 1);
  if (rows.length === 0) {
    throw new ApiError('SESSION_NOT_FOUND', `project '${projectId}' has no recorded calls in session '${sessionId}'`, {
      suggestedAction: `pick a session from GET /api/projects/${projectId}/sessions`,
      citedRule: '§surface',
    });
  }
  return {
    calls: rows.slice(0, MAX_REPLAYED_CALLS).map((r) => ({
      id: r.id,
      timestamp: r.ts.toISOString(),
      tool: r.rawName,
      canonical: r.kind === 'tool' ? r.tool : null,
      kind: r.kind,
    })),
    truncated: rows.length > MAX_REPLAYED_CALLS,
  };
}
