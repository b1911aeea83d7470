import { getDb } from '@/db/client';
import { requireProject } from '@/db/queries/projects';
import { usageProjectState } from '@/db/queries/usage/project-state';
import { toolUsage } from '@/db/queries/usage/tool-usage';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { suggestionsQuerySchema } from '@/lib/schemas/usage';
import { rankTools } from '@/lib/usage/rank';
import { suggestFavourites } from '@/lib/usage/suggest';
import { usageWindow } from '@/lib/usage/window';
import { stringifyProjectDocuments, toProjectDocument } from '@/lib/yaml/project-document';

type Params = { id: string };

/**
 * What to pin (§usage): the top tools of the window (maxFavourites of them unless `top` says),
 * what to add and remove to get there, and the project YAML (§yaml) that applies it.
 */
export const GET = apiRoute<Params>('usage:read', async ({ req, params }) => {
  const query = parseQuery(suggestionsQuerySchema, req.url, '§usage');
  const window = usageWindow(query.window, query.until ?? new Date());
  const db = await getDb();
  const [project, { favourites, catalog }, usage] = await Promise.all([
    requireProject(db, params.id),
    usageProjectState(db, params.id),
    toolUsage(db, params.id, window, 'all'),
  ]);
  const ranked = rankTools(usage, { pinned: new Set(favourites.tools), catalog });
  const suggestion = suggestFavourites(ranked, favourites, query.top ?? favourites.maxFavourites);
  const yaml = stringifyProjectDocuments([
    toProjectDocument({
      id: project.id,
      description: project.description,
      metaTools: project.metaTools,
      retentionDays: project.retentionDays,
      surface: project.surface,
      favourites: suggestion.favouriteIndex,
    }),
  ]);
  return json({
    window,
    maxFavourites: favourites.maxFavourites,
    favouritesVersion: favourites.version,
    ...suggestion,
    yaml,
  });
});
