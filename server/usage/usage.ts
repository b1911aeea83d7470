import type { Db } from '@/db/client';
import { listProjects } from '@/db/queries/projects';
import { segmentUsage } from '@/db/queries/usage/breakdown';
import { namespaceDays } from '@/db/queries/usage/namespace-days';
import { projectDailyCalls } from '@/db/queries/usage/project-daily-calls';
import { usageProjectRow } from '@/db/queries/usage/project-row';
import { toolRefusals } from '@/db/queries/usage/tool-refusals';
import { toolUsage } from '@/db/queries/usage/tool-usage';
import { unresolvedNames } from '@/db/queries/usage/unresolved-names';
import { projectNotFound } from '@/lib/errors';
import { splitCanonical } from '@/lib/names/canonical';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import type { UsageStatus } from '@/lib/schemas/usage';
import { projectsOverview } from '@/lib/usage/overview';
import { rankTools, withoutRefusals } from '@/lib/usage/rank';
import { buildUsageReport, type UsageReport } from '@/lib/usage/report';
import { suggestFavourites } from '@/lib/usage/suggest';
import type { UsageWindow } from '@/lib/usage/window';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';
import type { AppContext } from '@/server/app-context';
import { policyDeniedTo } from '@/server/policy/denied-to';
import { loadProjectDocument } from '@/server/yaml/project-documents';

export interface UsageProjectState {
  favourites: FavouriteIndex & { version: number };
  /** Whether a canonical name is in the project's current catalog. */
  catalog: { has(tool: string): boolean };
}

/**
 * What the ranking needs besides the rollup: the current favourites, and the catalog, read
 * from the name resolver that ingest caches per catalog version (so a usage request does not
 * parse every tools/list again). A project that does not exist is a 404.
 */
async function usageProjectState(app: AppContext, db: Db, projectId: string): Promise<UsageProjectState> {
  const row = await usageProjectRow(db, projectId);
  if (!row) throw projectNotFound(projectId);
  const context = await app.names.get(db, {
    projectId,
    catalogVersion: row.catalogVersion,
    favouritesVersion: row.favourites.version,
    metaTools: row.metaTools,
  });
  return {
    favourites: row.favourites,
    catalog: {
      has(tool) {
        const parts = splitCanonical(tool);
        return parts !== null && (context.catalog.tools.get(parts.server)?.has(parts.tool) ?? false);
      },
    },
  };
}

/** Usage over a window (§usage): ranked tools, totals, the daily series, coverage, unresolved names, and calls by model and client. */
export async function usageReport(app: AppContext, projectId: string, window: UsageWindow, query: { status: UsageStatus; top?: number }): Promise<UsageReport> {
  const { db } = app;
  // Independent reads of the rollup: on PostgreSQL they run on separate connections at once.
  const [{ favourites, catalog }, usage, days, unresolved, segments] = await Promise.all([
    usageProjectState(app, db, projectId),
    toolUsage(db, projectId, window, query.status),
    namespaceDays(db, projectId, window, query.status),
    unresolvedNames(db, projectId, window, query.status),
    segmentUsage(db, projectId, window),
  ]);
  return buildUsageReport({
    project: projectId,
    window,
    status: query.status,
    top: query.top,
    usage,
    namespaceDays: days,
    unresolved,
    segments,
    favourites,
    catalog,
  });
}

/**
 * What to pin (§usage): the top tools of the window (maxFavourites of them unless `top` says),
 * what to add and remove to get there, and the project YAML (§yaml) that applies it. Calls the
 * policy refused are no use, and a tool it denies to every identity is withheld (§policy).
 */
export async function suggestions(app: AppContext, projectId: string, window: UsageWindow, top: number | undefined) {
  const { db } = app;
  const [document, { favourites, catalog }, usage, refusals, deniedTo] = await Promise.all([
    loadProjectDocument(db, projectId),
    usageProjectState(app, db, projectId),
    toolUsage(db, projectId, window, 'all'),
    toolRefusals(db, projectId, window),
    policyDeniedTo(db, projectId),
  ]);
  const ranked = rankTools(withoutRefusals(usage, refusals), { pinned: new Set(favourites.tools), catalog });
  const suggestion = suggestFavourites(ranked, favourites, top ?? favourites.maxFavourites, { refusals, deniedTo });
  // The project as it is, with the suggested favourites: applying it changes nothing else.
  const yaml = stringifyProjectDocuments([{ ...document, spec: { ...document.spec, favouriteIndex: suggestion.favouriteIndex } }]);
  return { window, maxFavourites: favourites.maxFavourites, favouritesVersion: favourites.version, ...suggestion, yaml };
}

/** Every project's calls per day over a short window: the projects list's sparklines. */
export async function usageOverview(db: Db, window: UsageWindow) {
  const [projects, calls] = await Promise.all([listProjects(db), projectDailyCalls(db, window)]);
  return {
    window,
    projects: projectsOverview(
      window,
      projects.map((p) => p.id),
      calls,
    ),
  };
}
