import { createHash } from 'node:crypto';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { instructionFor, type SurfaceConfig, type SurfaceLimits, type SurfaceMode } from '@/lib/schemas/surface-config';
import { FIND_TOOLS } from './fixed-tools';
import { INVOKE_TOOL } from '@/lib/names/resolve';
import type { PreparedCatalog } from './prepared-catalog';
import { presentedMap, presentFavindex } from './presentation';
import type { LeftOutTool } from './types';
import type { SurfaceDocument } from '@/lib/contracts/surface';
export type { SurfaceDocument } from '@/lib/contracts/surface';

export interface SurfaceSource {
  project: string;
  version: { catalog: number; favourites: number };
  surface: SurfaceConfig;
  favourites: FavouriteIndex;
}

export function buildSurfaceDocument(source: SurfaceSource, catalog: PreparedCatalog, mode: SurfaceMode): SurfaceDocument {
  const { surface, favourites } = source;
  const limits: SurfaceLimits = {
    maxToolsPerRequest: surface.limits.maxToolsPerRequest,
    maxActivatedToolsPerSession: surface.limits.maxActivatedToolsPerSession,
    maxPinnedServers: surface.limits.maxPinnedServers,
    retrieveK: surface.limits.retrieveK,
  };
  const instruction = instructionFor(surface);
  let names = new Map<string, string>();
  let leftOut: LeftOutTool[] = [];
  let metaTools: string[] = [];
  if (mode === 'favindex') {
    const presented = presentFavindex(catalog, favourites, { naming: surface.naming, serverKey: surface.serverKey });
    names = presentedMap(presented.tools);
    leftOut = presented.leftOut;
  } else if (mode === 'off') {
    metaTools = [INVOKE_TOOL];
  } else {
    // Any catalog tool may be activated, pinned or retrieved: the proxy needs every typed name.
    for (const entry of catalog.entries) if (entry.presentable) names.set(entry.typedName, entry.canonical);
    leftOut = [...catalog.typedLeftOut];
    if (mode === 'lazy' || mode === 'pinned') metaTools = [FIND_TOOLS];
  }
  const content = {
    project: source.project,
    mode,
    target: surface.target,
    naming: surface.naming,
    serverKey: surface.serverKey,
    limits,
    favouriteIndex: { enabled: favourites.enabled, maxFavourites: favourites.maxFavourites, tools: [...favourites.tools] },
    instruction: mode === 'favindex' ? instruction : null,
    names: Object.fromEntries(names),
    metaTools,
    leftOut,
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  const { project, ...rest } = content;
  return { project, version: source.version, ...rest, fingerprint };
}

/** The ETag of a fingerprint: strong, quoted. */
export function etagOf(fingerprint: string): string {
  return `"${fingerprint}"`;
}

/** RFC 9110 If-None-Match for GET: weak comparison, a list, or `*`. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const wanted = etag.replace(/^W\//, '');
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag.replace(/^W\//, '') === wanted;
  });
}
