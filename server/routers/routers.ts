import type { Db } from '@/db/client';
import { findRouters, findRoutersChange, saveRoutersVersion } from '@/db/queries/routers';
import type { RoutersView } from '@/lib/contracts/routers';
import { ApiError } from '@/lib/errors';
import { someOf } from '@/lib/format';
import type { FavouritesVia } from '@/lib/favourites/rules';
import type { RevisionChange } from '@/lib/impact/revisions';
import { missingFromCatalog, opCount } from '@/lib/routers/places';
import { emptyRoutersConfig, type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';
import { stableStringify } from '@/lib/stable-json';
import { catalogToolNames } from '@/server/catalog/catalog';
import { parseBody } from '@/server/http/validate';
import { etagOf } from '@/server/http/version-headers';
import { recordSurfaceRevision } from '@/server/impact/revisions';
import { lockProjectForNameChange, requireProject } from '@/server/projects/project-locks';

/** The routers in force (§routers) and their version: 0 with none while the project never had any. */
export interface RoutersState {
  version: number;
  config: RoutersConfig;
  /** ISO time the version in force was saved; null at version 0. */
  updatedAt: string | null;
}

/** A project's routers in force; 404 when the project does not exist. */
export async function getRouters(db: Db, projectId: string): Promise<RoutersState> {
  const stored = await findRouters(db, projectId);
  if (stored) return { version: stored.version, config: stored.config, updatedAt: stored.updatedAt.toISOString() };
  await requireProject(db, projectId);
  return { version: 0, config: emptyRoutersConfig(), updatedAt: null };
}

export interface WriteRoutersOptions {
  via: FavouritesVia;
  /** The version the writer read (`If-Match`); a different one in force is a 412. */
  expectedVersion?: number;
  /**
   * False when the caller records one surface revision for a larger change in the same
   * transaction (a YAML apply that changes settings too), so one change is one revision.
   */
  recordRevision?: boolean;
  /** What the caller changed before in the same transaction without a revision of its own (a YAML apply's favourites, policy). */
  alsoChanged?: RevisionChange[];
}

function routersVersionMismatch(expected: number, current: RoutersState): ApiError {
  return new ApiError('VERSION_MISMATCH', `the routers changed since version ${expected}; the version in force is ${current.version}; nothing was saved`, {
    suggestedAction:
      'read the routers again (details.current is what is in force), make your change to them and send it with If-Match of details.currentVersion',
    citedRule: '§routers',
    details: { currentVersion: current.version, current: current.config },
    headers: { etag: etagOf(current.version) },
  });
}

/** Equal routers, whatever the key order the database gave back. */
function sameRouters(a: RoutersConfig, b: RoutersConfig): boolean {
  return stableStringify(a) === stableStringify(b);
}

/**
 * Lock the project, check the version the writer read, and save `change(current)` as the next
 * version with its history row and a surface revision ('routers'), so every proxy polling
 * /surface gets it and Impact judges it. The same routers again write nothing.
 */
async function updateRouters(
  db: Db,
  projectId: string,
  change: (current: RoutersState, tx: Db) => Promise<RoutersConfig>,
  options: WriteRoutersOptions,
): Promise<{ state: RoutersState; changed: boolean }> {
  return db.transaction(async (tx) => {
    const project = await lockProjectForNameChange(tx, projectId);
    const current = await getRouters(tx, projectId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) throw routersVersionMismatch(options.expectedVersion, current);
    const next = parseBody(routersConfigSchema, await change(current, tx), '§routers');
    if (sameRouters(current.config, next)) return { state: current, changed: false };
    const version = current.version + 1;
    const at = new Date();
    const saved = await saveRoutersVersion(tx, {
      projectId,
      version,
      changedAt: at,
      via: options.via,
      before: current.version === 0 ? null : current.config,
      after: next,
    });
    if (options.recordRevision !== false) {
      await recordSurfaceRevision(tx, {
        projectId,
        at,
        surface: project.surface,
        changed: [...(options.alsoChanged ?? []), 'routers'],
        via: options.via,
      });
    }
    return { state: { version: saved.version, config: next, updatedAt: saved.updatedAt.toISOString() }, changed: true };
  });
}

/** Replace a project's routers whole (§routers): checked by their one schema, and recorded in their history. */
export function writeRouters(db: Db, projectId: string, next: RoutersConfig, options: WriteRoutersOptions) {
  return updateRouters(db, projectId, async () => next, options);
}

/**
 * Undo the change that made the version in force: the routers go back to what they were before
 * it, as a new version (so the undo is in the history too, and undoing it puts the change back).
 */
export async function undoRouters(db: Db, projectId: string, options: WriteRoutersOptions): Promise<{ state: RoutersState; changed: boolean; undid: number }> {
  let undid = 0;
  const result = await updateRouters(
    db,
    projectId,
    async (current, tx) => {
      const undone = current.version === 0 ? null : await findRoutersChange(tx, projectId, current.version);
      if (!undone) throw nothingToUndo(projectId);
      undid = current.version;
      return undone.before ?? emptyRoutersConfig();
    },
    options,
  );
  return { ...result, undid };
}

function nothingToUndo(projectId: string): ApiError {
  return new ApiError('NOTHING_TO_UNDO', `project '${projectId}' has never had routers: there is no change to undo`, {
    suggestedAction: 'write routers with PUT /api/projects/:id/routers (or spec.routers in YAML) first',
    citedRule: '§routers',
  });
}

/** The routers with what the API says of them: their op count and the tools the catalog lacks. */
export async function loadRoutersView(db: Db, projectId: string, state?: RoutersState): Promise<RoutersView> {
  const current = state ?? (await getRouters(db, projectId));
  const { routers, singletons } = current.config;
  const named = routers.length + singletons.length > 0;
  const catalog = named ? await catalogToolNames(db, projectId) : new Set<string>();
  return {
    project: projectId,
    version: current.version,
    updatedAt: current.updatedAt,
    routers,
    singletons,
    ops: opCount(current.config),
    missingFromCatalog: missingFromCatalog(current.config, catalog),
  };
}

/** What a write that names tools the catalog lacks warns of, the routers stored all the same. */
export function missingWarning(view: RoutersView): string | null {
  const missing = view.missingFromCatalog;
  if (missing.length === 0) return null;
  return `the catalog does not list ${someOf(missing)}: kept in the routers, but no client reaches ${missing.length === 1 ? 'it' : 'them'} until a catalog lists ${missing.length === 1 ? 'it' : 'them'}. Check the spelling`;
}
