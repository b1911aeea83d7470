import { splitCanonical } from '@/lib/names/canonical';
import type { CatalogEntry, PreparedCatalog } from '@/lib/surface/prepared-catalog';
import type { PolicyTool } from './decide';

/** What a rule sees of a catalog tool. */
export function entryTool(entry: CatalogEntry): PolicyTool {
  return { canonical: entry.canonical, server: entry.server, annotations: entry.tool.annotations };
}

/**
 * What a rule sees of a tool named by its canonical name: the catalog's tool, or, for a name no
 * catalog lists (a favourite whose server has not uploaded yet, a made-up call), the name with
 * the annotations of a tool that says nothing, so it is never more allowed than a real one.
 */
export function namedTool(catalog: PreparedCatalog, canonical: string, server = splitCanonical(canonical)?.server ?? ''): PolicyTool {
  const entry = catalog.byCanonical.get(canonical);
  return entry ? entryTool(entry) : { canonical, server };
}
