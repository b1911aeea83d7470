import type { ArgumentCheckMode } from '@/lib/arguments/classes';
import { defaultFavouriteIndex } from '@/lib/schemas/favourites';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import type { RuleSource } from '@/lib/policy/narrow';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { defaultSurfaceConfig, instructionFor } from '@/lib/schemas/surface-config';
import type { PresentedSurface } from '@/lib/surface/presented';
import type { FetchedSurface } from './favindex-api';

/** What the proxy presents from: the surface document in force, or favindex's defaults before it has one. */
export interface SurfaceView extends PresentedSurface {
  etag: string | null;
  revision: number | null;
  /** Presented name → canonical, for names the session's own list does not hold. */
  names: Readonly<Record<string, string>>;
  /** Catalog servers in the order favindex keeps them. */
  order: readonly string[];
  /** What handleCall does with each call's arguments (§arguments). */
  argumentChecks: ArgumentCheckMode;
  /**
   * The tool policy as favindex narrowed it for this proxy's token (§policy): what is left of a
   * rule's identities are clients, matched per session. Null before a surface arrives and from a
   * favindex older than policies.
   */
  policy: ToolPolicy | null;
  /** Per rule of `policy`, its number and whom it names in the project's policy; empty from a favindex older than that. */
  policyRules: readonly RuleSource[];
}

const DEFAULT_CONFIG = defaultSurfaceConfig();
export const DEFAULT_VIEW: SurfaceView = {
  mode: DEFAULT_CONFIG.mode,
  limits: DEFAULT_CONFIG.limits,
  favouriteIndex: defaultFavouriteIndex(),
  instruction: instructionFor(DEFAULT_CONFIG),
  naming: DEFAULT_CONFIG.naming,
  serverKey: DEFAULT_CONFIG.serverKey,
  alwaysLoadFavourites: DEFAULT_CONFIG.alwaysLoadFavourites,
  routers: emptyRoutersConfig(),
  etag: null,
  revision: null,
  names: {},
  order: [],
  argumentChecks: DEFAULT_CONFIG.argumentChecks,
  policy: null,
  policyRules: [],
};

export function surfaceView(fetched: FetchedSurface | null): SurfaceView {
  if (!fetched) return DEFAULT_VIEW;
  const d = fetched.document;
  return {
    mode: d.mode,
    limits: d.limits,
    favouriteIndex: d.favouriteIndex,
    instruction: d.instruction,
    naming: d.naming,
    serverKey: d.serverKey,
    alwaysLoadFavourites: d.alwaysLoadFavourites,
    routers: d.routers,
    etag: fetched.etag,
    revision: fetched.revision,
    names: d.names,
    order: d.catalog.servers.map((s) => s.name),
    argumentChecks: d.argumentChecks,
    policy: d.policy,
    policyRules: d.policyRules,
  };
}
