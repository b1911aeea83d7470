import { getDb } from '@/db/client';
import { loadProjectDocument } from '@/db/queries/project-documents';
import { usageProjectState } from '@/db/queries/usage/project-state';
import { toolUsage } from '@/db/queries/usage/tool-usage';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { suggestionsQuerySchema } from '@/lib/schemas/usage';
import { rankTools } from '@/lib/usage/rank';
import { suggestFavourites } from '@/lib/usage/suggest';
import { usageWindow } from '@/lib/usage/window';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';

type Params = { id: string };

/**
 * What to pin (§usage): the top tools of the window (maxFavourites of them unless `top` says),
 * what to add and remove to get there, and the project YAML (§yaml) that applies it.
 */
export const GET = apiRoute<Params>('usage:read', async ({ req, params }) => {
  const query = parseQuery(suggestionsQuerySchema, req.url, '§usage');
  const window = usageWindow(query.window, query.until ?? new Date());
  const db = await getDb();
  const [document, { favourites, catalog }, usage] = await Promise.all([
    loadProjectDocument(db, params.id),
    usageProjectState(db, params.id),
    toolUsage(db, params.id, window, 'all'),
  ]);
  const ranked = rankTools(usage, { pinned: new Set(favourites.tools), catalog });
  const suggestion = suggestFavourites(ranked, favourites, query.top ?? favourites.maxFavourites);
  // The project as it is, with the suggested favourites: applying it changes nothing else.
  const yaml = stringifyProjectDocuments([{ ...document, spec: { ...document.spec, favouriteIndex: suggestion.favouriteIndex } }]);
  return json({
    window,
    maxFavourites: favourites.maxFavourites,
    favouritesVersion: favourites.version,
    ...suggestion,
    yaml,
  });
});
