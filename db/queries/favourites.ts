import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { ApiError, projectNotFound } from '@/lib/errors';
import { isCanonicalName } from '@/lib/names/canonical';
import { MAX_FAVOURITES_LIMIT, type FavouriteIndex } from '@/lib/schemas/favourites';
import type { Db } from '../client';
import { queryRows } from '../sql';
import { favouriteChanges, favouriteIndexes } from '../schema';
import { lockProjectForNameChange } from './projects';
import { reresolveProject } from './reresolve';

export interface FavouriteState extends FavouriteIndex {
  version: number;
  updatedAt: string;
}

export async function getFavourites(db: Db, projectId: string): Promise<FavouriteState> {
  const [row] = await db.select().from(favouriteIndexes).where(eq(favouriteIndexes.projectId, projectId));
  if (!row) throw projectNotFound(projectId);
  return toState(row);
}

function toState(row: typeof favouriteIndexes.$inferSelect): FavouriteState {
  return {
    enabled: row.enabled,
    maxFavourites: row.maxFavourites,
    tools: row.tools,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type FavouritesVia = 'ui' | 'api' | 'yaml' | 'cli' | 'demo';

export interface WriteFavouritesOptions {
  via: FavouritesVia;
  /** The version the writer read (`If-Match`); a different current version is a 412. */
  expectedVersion?: number;
  /** When the change took effect; only the demo seeds a past history. */
  at?: Date;
}

/**
 * Replace a project's favourites (§favourites): checks the version the writer read, the names,
 * and `maxFavourites`; records the change in the history; and resolves unresolved
 * `favourite/…` calls again, all in one transaction with the project row locked.
 */
export async function writeFavourites(
  db: Db,
  projectId: string,
  next: FavouriteIndex,
  options: WriteFavouritesOptions,
): Promise<{ state: FavouriteState; changed: boolean }> {
  checkFavouriteIndex(next);
  return updateFavourites(db, projectId, () => next, options);
}

/**
 * Change a project's favourites by a function of the index in force once the project row is
 * locked: the atomic pin/unpin/move operations compose this way under concurrency, with every
 * check of writeFavourites applied to the result.
 */
export async function updateFavourites(
  db: Db,
  projectId: string,
  change: (current: FavouriteIndex) => FavouriteIndex,
  options: WriteFavouritesOptions,
): Promise<{ state: FavouriteState; changed: boolean }> {
  return db.transaction(async (tx) => {
    const project = await lockProjectForNameChange(tx, projectId);
    const current = await getFavourites(tx, projectId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      throw versionMismatch(options.expectedVersion, current);
    }
    const next = change(stripMeta(current));
    checkFavouriteIndex(next);
    checkAgainstMaximum(current, next);
    if (sameIndex(current, next)) return { state: current, changed: false };
    const version = current.version + 1;
    const at = options.at ?? new Date();
    const [row] = await tx
      .update(favouriteIndexes)
      .set({ enabled: next.enabled, maxFavourites: next.maxFavourites, tools: next.tools, version, updatedAt: at })
      .where(eq(favouriteIndexes.projectId, projectId))
      .returning();
    if (!row) throw new Error(`the favourite index of project '${projectId}' vanished under the project row lock`);
    await tx.insert(favouriteChanges).values({
      projectId,
      version,
      changedAt: at,
      via: options.via,
      before: stripMeta(current),
      after: { enabled: next.enabled, maxFavourites: next.maxFavourites, tools: [...next.tools] },
    });
    await reresolveProject(tx, projectId, project.metaTools);
    return { state: toState(row), changed: true };
  });
}

function versionMismatch(expected: number, current: FavouriteState): ApiError {
  return new ApiError('VERSION_MISMATCH', `the favourites changed since version ${expected}; the current version is ${current.version}`, {
    suggestedAction: 'reload the favourites, apply your change to the current version, and send it with its version',
    citedRule: '§favourites',
    details: { currentVersion: current.version, current: stripMeta(current) },
    headers: { etag: `"${current.version}"` },
  });
}

export interface FavouriteChangeView {
  version: number;
  changedAt: string;
  via: string;
  before: FavouriteIndex | null;
  after: FavouriteIndex;
}

/** The history of a project's favourites, newest first; `before` pages on to older versions. */
export async function listFavouriteChanges(db: Db, projectId: string, options: { limit: number; before?: number }): Promise<FavouriteChangeView[]> {
  const conditions = [eq(favouriteChanges.projectId, projectId)];
  if (options.before !== undefined) conditions.push(lt(favouriteChanges.version, options.before));
  const rows = await db
    .select()
    .from(favouriteChanges)
    .where(and(...conditions))
    .orderBy(desc(favouriteChanges.version))
    .limit(options.limit);
  return rows.map((r) => ({ version: r.version, changedAt: r.changedAt.toISOString(), via: r.via, before: r.before, after: r.after }));
}

/**
 * Pinned tools the project's current catalog does not list. They are allowed (the catalog may
 * not be synced yet) and flagged (§favourites).
 */
export async function pinnedMissingFromCatalog(db: Db, projectId: string, tools: readonly string[]): Promise<string[]> {
  if (tools.length === 0) return [];
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select s.name || '/' || (t.value->>'name') as name
        from catalog_servers s
        join catalog_versions v on v.project_id = s.project_id and v.server = s.name and v.version = s.version
        cross join lateral jsonb_array_elements(v.tools) t
        where s.project_id = ${projectId}`,
  );
  const known = new Set(rows.map((r) => r.name));
  return tools.filter((t) => !known.has(t));
}

function stripMeta(state: FavouriteState): FavouriteIndex {
  return { enabled: state.enabled, maxFavourites: state.maxFavourites, tools: state.tools };
}

function sameIndex(a: FavouriteIndex, b: FavouriteIndex): boolean {
  return a.enabled === b.enabled && a.maxFavourites === b.maxFavourites && a.tools.join('\n') === b.tools.join('\n');
}

/** Names and uniqueness: 422 (§favourites). */
export function checkFavouriteIndex(next: FavouriteIndex): void {
  if (!Number.isInteger(next.maxFavourites) || next.maxFavourites < 1 || next.maxFavourites > MAX_FAVOURITES_LIMIT) {
    throw new ApiError('VALIDATION_FAILED', `maxFavourites must be an integer from 1 to ${MAX_FAVOURITES_LIMIT}`, {
      suggestedAction: `set maxFavourites between 1 and ${MAX_FAVOURITES_LIMIT}`,
      citedRule: '§favourites',
    });
  }
  const invalid = next.tools.filter((t) => !isCanonicalName(t));
  if (invalid.length > 0) {
    throw new ApiError('INVALID_TOOL_NAME', `not canonical server/tool names: ${invalid.join(', ')}`, {
      suggestedAction: 'name each favourite as server/tool, e.g. github/create_issue',
      citedRule: '§names',
      details: { invalid },
    });
  }
  const seen = new Set<string>();
  const duplicates = next.tools.filter((t) => {
    if (seen.has(t)) return true;
    seen.add(t);
    return false;
  });
  if (duplicates.length > 0) {
    throw new ApiError('VALIDATION_FAILED', `favourites must not repeat a tool: ${[...new Set(duplicates)].join(', ')}`, {
      suggestedAction: 'list each tool once',
      citedRule: '§favourites',
      details: { duplicates },
    });
  }
}

/** A write never leaves more than maxFavourites tools (409), and says which to unpin. */
function checkAgainstMaximum(current: FavouriteIndex, next: FavouriteIndex): void {
  if (next.tools.length <= next.maxFavourites) return;
  const excess = next.tools.slice(next.maxFavourites);
  const lowering = next.maxFavourites < current.maxFavourites && next.tools.length <= current.maxFavourites;
  if (lowering) {
    throw new ApiError('MAX_FAVOURITES_BELOW_PINNED', `maxFavourites ${next.maxFavourites} is below the ${next.tools.length} pinned tools`, {
      suggestedAction: `unpin ${excess.length} first (e.g. ${excess.join(', ')}), or keep maxFavourites at ${next.tools.length} or more`,
      citedRule: '§favourites',
      details: { pinned: next.tools.length, maxFavourites: next.maxFavourites, unpin: excess },
    });
  }
  throw new ApiError('MAX_FAVOURITES_EXCEEDED', `${next.tools.length} favourites exceed maxFavourites ${next.maxFavourites}`, {
    suggestedAction: `unpin ${excess.length} of them (e.g. ${excess.join(', ')}), or raise maxFavourites`,
    citedRule: '§favourites',
    details: { pinned: next.tools.length, maxFavourites: next.maxFavourites, over: excess },
  });
}
