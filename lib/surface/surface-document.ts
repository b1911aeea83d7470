import { createHash } from 'node:crypto';
import { compilePolicy } from '@/lib/policy/decide';
import { type RuleSource, someSessionMayUse } from '@/lib/policy/narrow';
import { restrictCatalog } from '@/lib/policy/restrict';
import { entryTool, namedTool } from '@/lib/policy/tool';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { emptyRoutersConfig, type RoutersConfig } from '@/lib/schemas/routers';
import type { ToolPolicy } from '@/lib/schemas/policy';
import type { SurfaceConfig, SurfaceLimits, SurfaceMode } from '@/lib/schemas/surface-config';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { FIND_TOOLS } from '@/lib/names/meta';
import { catalogFingerprints } from './catalog-fingerprints';
import { hasSearchTool, MODE_TRAITS } from './mode-traits';
import type { PreparedCatalog } from './prepared-catalog';
import { presentedList, presentedSurfaceOf } from './presented';
import type { LeftOutTool } from './types';
import type { SurfaceDocument } from '@/lib/contracts/surface';
export type { SurfaceDocument } from '@/lib/contracts/surface';

export interface SurfaceSource {
  project: string;
  /** `surface` is the surface revision (§impact) a proxy copies into its events. */
  version: { catalog: number; favourites: number; surface: number };
  surface: SurfaceConfig;
  favourites: FavouriteIndex;
  /**
   * The tool policy as the requesting token sees it (policyForToken, §policy). The document holds
   * only tools some session of that token may use; null (a caller from before policies) keeps nothing back.
   */
  policy?: ToolPolicy | null;
  /** Where each rule of `policy` stands in the project's policy, and whom it names (narrowPolicy). */
  policyRules?: readonly RuleSource[];
  /** The project's routers and singletons (§routers); none by default. */
  routers?: RoutersConfig;
}

export function buildSurfaceDocument(source: SurfaceSource, wholeCatalog: PreparedCatalog, mode: SurfaceMode): SurfaceDocument {
  const { surface } = source;
  const policy = source.policy ?? null;
  const restricts = policy !== null && !compilePolicy(policy).allowsEverything;
  const catalog = restricts ? restrictCatalog(wholeCatalog, (e) => someSessionMayUse(policy, entryTool(e))) : wholeCatalog;
  const mayUse = (tool: string) => !restricts || someSessionMayUse(policy, namedTool(wholeCatalog, tool));
  const favourites = restricts ? { ...source.favourites, tools: source.favourites.tools.filter(mayUse) } : source.favourites;
  // The routers mode presents them, and the modes that list tools one by one group by them for
  // clients that speak the grouping extension (§routers); in any other a change of routers changes nothing a proxy lists.
  const routers = MODE_TRAITS[mode].groups ? routersFor(source.routers ?? emptyRoutersConfig(), mayUse) : emptyRoutersConfig();
  const limits: SurfaceLimits = {
    maxToolsPerRequest: surface.limits.maxToolsPerRequest,
    maxActivatedToolsPerSession: surface.limits.maxActivatedToolsPerSession,
    maxPinnedServers: surface.limits.maxPinnedServers,
    retrieveK: surface.limits.retrieveK,
  };
  const names = new Map<string, string>();
  let leftOut: LeftOutTool[] = [];
  let metaTools: string[] = [];
  let instruction: string | null = null;
  if (MODE_TRAITS[mode].instruction) {
    // Session-free lists: the names are the list's, in its order, and so is the instruction.
    const list = presentedList(presentedSurfaceOf(surface, favourites, { mode, limits, routers }), catalog);
    for (const tool of list.tools) if (tool.canonical) names.set(tool.name, tool.canonical);
    leftOut = list.leftOut;
    instruction = list.instruction;
  } else if (mode === 'off') {
    metaTools = [INVOKE_TOOL];
  } else {
    // Any catalog tool may be activated, pinned or retrieved: the proxy needs every typed name.
    for (const entry of catalog.entries) if (entry.presentable) names.set(entry.typedName, entry.canonical);
    leftOut = [...catalog.typedLeftOut];
    if (hasSearchTool(mode)) metaTools = [FIND_TOOLS];
  }
  const content = {
    project: source.project,
    mode,
    target: surface.target,
    naming: surface.naming,
    serverKey: surface.serverKey,
    limits,
    favouriteIndex: { enabled: favourites.enabled, maxFavourites: favourites.maxFavourites, tools: [...favourites.tools] },
    instruction,
    alwaysLoadFavourites: surface.alwaysLoadFavourites,
    // Inside the fingerprint: switching the checks must reach every proxy as a new surface.
    argumentChecks: surface.argumentChecks,
    policy,
    // Inside the fingerprint: a rule moved from everyone to this token changes how refusals read.
    policyRules: policy ? [...(source.policyRules ?? [])] : [],
    routers,
    names: Object.fromEntries(names),
    metaTools,
    leftOut,
    // What a proxy computes its lists from must be this catalog: it checks the fingerprints
    // against the tools its upstreams listed, and the lists follow the servers' order.
    // The whole catalog, policy or not: the proxy runs these servers and compares what they list.
    catalog: catalogFingerprints(wholeCatalog),
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  const { project, ...rest } = content;
  return { project, version: source.version, ...rest, fingerprint };
}

/**
 * The routers as a token's proxy gets them: only ops and singletons of tools some session of the
 * token may use (a tool no catalog lists yet stays: the proxy's servers may list it), and no
 * router left without an op.
 */
function routersFor(config: RoutersConfig, mayUse: (tool: string) => boolean): RoutersConfig {
  const routers = config.routers.flatMap((router) => {
    const ops = router.ops.filter((op) => mayUse(op.tool));
    return ops.length === 0 ? [] : [ops.length === router.ops.length ? router : { ...router, ops }];
  });
  return { routers, singletons: config.singletons.filter((s) => mayUse(s.tool)) };
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
