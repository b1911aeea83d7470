import { compilePolicy, type PolicyDecision } from '@/lib/policy/decide';
import { catalogForIdentity } from '@/lib/policy/for-identity';
import { missingPolicyRefusal, type PolicyRefusal, policyRefusal } from '@/lib/policy/refusal';
import { surfaceForIdentity } from '@/lib/policy/surface-for-identity';
import { namedTool } from '@/lib/policy/tool';
import { FavouritesTimeline } from '@/lib/names/favourites-timeline';
import { buildNameCatalog } from '@/lib/names/name-catalog';
import type { NameContext } from '@/lib/names/resolution';
import { metaToolSet } from '@/lib/names/meta';
import { resolveCall } from '@/lib/names/resolve';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { type PreparedCatalog, prepareCatalog } from '@/lib/surface/prepared-catalog';
import type { SurfaceView } from './surface-view';
import { kept } from '@/lib/kept';

const NOTHING = prepareCatalog([]);

/** The error codes of a call the policy refused (§policy): by a rule or the default, or for want of a policy. */
export const POLICY_DENIED = 'policy_denied';
export const POLICY_MISSING = 'policy_missing';

/**
 * The tool policy as the proxy applies it to each session (§policy): the catalog a session may
 * use, and a second decision for every call once its name is resolved. A session is identified by
 * its client only: the token's own rules came from favindex already narrowed to everyone here.
 */
export class PolicyGate {
  /** With --require-policy, a proxy that has no policy from favindex lists nothing and refuses every call. */
  requirePolicy = false;
  /** Per catalog, policy and client: a listing of a session whose inputs did not change costs one lookup. */
  private readonly catalogs = new WeakMap<PreparedCatalog, WeakMap<ToolPolicy, Map<string | null, PreparedCatalog>>>();
  private readonly views = new WeakMap<SurfaceView, Map<string | null, SurfaceView>>();
  private readonly contexts = new WeakMap<PreparedCatalog, WeakMap<PreparedCatalog, NameContext>>();

  /** Fail closed: a policy is required and the surface in force has none (none yet, or an old favindex's). */
  missing(view: SurfaceView): boolean {
    return this.requirePolicy && view.policy === null;
  }

  /** What a session of `client` may use of the proxy's catalog: all of it without a policy, nothing when one is missing. */
  catalogFor(catalog: PreparedCatalog, view: SurfaceView, client: string | null): PreparedCatalog {
    if (this.missing(view)) return NOTHING;
    const policy = view.policy;
    if (!policy) return catalog;
    const byPolicy = kept(this.catalogs, catalog, () => new WeakMap());
    const byClient = kept(byPolicy, policy, () => new Map());
    return kept(byClient, client, () => catalogForIdentity(catalog, policy, { token: null, client }));
  }

  /**
   * The view a session of `client` lists from: its favourites less those it may not use, so a
   * denied favourite takes no favourite slot, as in its identity's preview (surfaceForIdentity).
   */
  viewFor(catalog: PreparedCatalog, view: SurfaceView, client: string | null): SurfaceView {
    const policy = view.policy;
    if (!policy || compilePolicy(policy).allowsEverything) return view;
    const found = kept(
      kept(this.views, view, () => new Map()),
      client,
      () => {
        const mine = surfaceForIdentity(catalog, view.favouriteIndex, policy, { token: null, client });
        return mine.favourites === view.favouriteIndex ? view : { ...view, favouriteIndex: mine.favourites };
      },
    );
    return found;
  }

  /**
   * The decision for a call to `server/tool` by a session of `client`, read with the tool's
   * annotations as its server listed them (a tool it does not list is read with the MCP defaults,
   * so a made-up name is never more allowed than a real one). Null: no policy applies.
   */
  decide(catalog: PreparedCatalog, view: SurfaceView, client: string | null, canonicalName: string, server: string): PolicyDecision | null {
    if (!view.policy) return null;
    return compilePolicy(view.policy).decide({ token: null, client }, namedTool(catalog, canonicalName, server));
  }

  /** The refusal of a call to `canonicalName` that `decide` did not allow, naming the rule as the project's policy does. */
  toolRefusal(view: SurfaceView, canonicalName: string, decision: PolicyDecision, policy: ToolPolicy): PolicyRefusal {
    return policyRefusal(canonicalName, decision, { policy, sources: view.policyRules }, 'Use another tool');
  }

  /**
   * Null when a session of `client` may use what `server` offers besides tools (prompts,
   * resources, templates: decided by the rules that cover the whole server, §policy); else the
   * refusal of `refused`, worded as a refused call's.
   */
  serverRefusal(view: SurfaceView, client: string | null, server: string, refused: string): PolicyRefusal | null {
    if (this.missing(view)) return missingPolicyRefusal(refused);
    const policy = view.policy;
    if (!policy) return null;
    const decision = compilePolicy(policy).decideServer({ token: null, client }, server);
    return decision.allowed ? null : policyRefusal(refused, decision, { policy, sources: view.policyRules }, 'Use what another server offers');
  }

  /**
   * A name the session's list does not hold that still names a tool of the whole catalog which
   * the session may not use, in any form a client may send (a typed, safe or canonical name,
   * `favourite/…`, `fav_…`, a client's own prefix): its call is refused as that tool, not as an
   * unknown name. Null for every other name, an allowed tool in a form not listed included.
   */
  hiddenTool(catalog: PreparedCatalog, view: SurfaceView, client: string | null, name: string): string | null {
    const allowed = this.catalogFor(catalog, view, client);
    if (allowed === catalog) return null;
    const resolution = resolveCall({ tool: name, timestamp: Date.now() }, this.context(catalog, allowed, view));
    if (resolution.kind !== 'tool' || !catalog.byCanonical.has(resolution.canonical)) return null;
    return allowed.byCanonical.has(resolution.canonical) ? null : resolution.canonical;
  }

  /** Names over the whole catalog; the hidden tools count as favourites too, as the favourites the policy took them out of. */
  private context(catalog: PreparedCatalog, allowed: PreparedCatalog, view: SurfaceView): NameContext {
    return kept(
      kept(this.contexts, catalog, () => new WeakMap()),
      allowed,
      () => {
        const hidden = catalog.entries.filter((e) => !allowed.byCanonical.has(e.canonical)).map((e) => e.canonical);
        const favourites = [...new Set([...view.favouriteIndex.tools, ...hidden])];
        return {
          catalog: buildNameCatalog(catalog.servers.map((s) => ({ name: s.name, tools: s.tools }))),
          favourites: new FavouritesTimeline([{ version: 1, since: 0, tools: favourites }]),
          metaTools: metaToolSet(),
          serverKeys: [view.serverKey],
        };
      },
    );
  }
}
