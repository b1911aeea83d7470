import type { ChangeSignal } from '@/db/change-signal';
import type { Db } from '@/db/client';
import { type PreparedSurfaceVersions, readSurfaceVersions, type SurfaceVersions, surfaceVersionsQuery } from '@/db/queries/surface-versions';
import { EncodedJson } from '@/lib/api/encoded-json';
import { BoundedMap } from '@/lib/bounded-map';
import type { SurfaceDocument } from '@/lib/contracts/surface';
import { projectNotFound } from '@/lib/errors';
import { narrowPolicy } from '@/lib/policy/narrow';
import type { PolicyToken } from '@/lib/policy/token-refs';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { buildSurfaceDocument, etagOf } from '@/lib/surface/surface-document';
import { CachedRead } from './cached-read';
import type { CatalogCache } from './catalog-cache';
import { loadSurfaceInputs } from './inputs';

/** A rendered surface response: the exact body bytes (UTF-8 once, not per request) and their ETag. */
export interface RenderedSurface {
  bytes: EncodedJson<SurfaceDocument>;
  etag: string;
}

/** The token a surface is rendered for: rules name it by id, and its refusals by name (narrowPolicy). */
export type SurfaceToken = Pick<PolicyToken, 'id' | 'name'>;

function slotOf(projectId: string, mode: SurfaceMode | undefined, token: SurfaceToken | null): string {
  return `${projectId}\u0000${mode ?? ''}\u0000${token === null ? '' : `t:${token.id}\u0000${token.name}`}`;
}

function versionKey(v: SurfaceVersions): string {
  return `${v.catalogVersion}|${v.favouritesVersion}|${v.surfaceRevision}|${v.surfaceText}|${v.policyText}`;
}

/**
 * The process's surfaces. A request costs one small query to learn a project's versions
 * (shared by the requests that arrive together; none while nothing changed since the last one,
 * see CachedRead); the document is built again only when they moved, from the inputs below it
 * (inputs.ts, over the shared CatalogCache). Every cache here is keyed by what its value was
 * built from, so nothing ever needs invalidating.
 */
export class SurfaceStore {
  private readonly rendered = new BoundedMap<string, { key: string; value: RenderedSurface }>(1_000);
  private versionsQuery: PreparedSurfaceVersions | null = null;
  private readonly versionReads: CachedRead<string, SurfaceVersions>;
  private readonly renders = new Map<string, Promise<RenderedSurface>>();

  constructor(
    private readonly db: Db,
    private readonly catalogs: CatalogCache,
    changes?: ChangeSignal,
  ) {
    this.versionReads = new CachedRead((projectId) => this.readVersions(projectId), changes);
  }

  private async readVersions(projectId: string): Promise<SurfaceVersions> {
    // Prepared once: this is the hot path of every proxy poll.
    this.versionsQuery ??= surfaceVersionsQuery(this.db).prepare('favindex_surface_versions');
    const versions = await readSurfaceVersions(this.versionsQuery, projectId);
    if (!versions) throw projectNotFound(projectId);
    return versions;
  }

  /**
   * The proxy's view of a project (§surface) for one token (§policy: each token its own
   * document; null for the dashboard or a proxy without a token), rendered once per change.
   */
  async surface(projectId: string, mode: SurfaceMode | undefined, token: SurfaceToken | null = null): Promise<RenderedSurface> {
    const versions = await this.versionReads.get(projectId);
    const slot = slotOf(projectId, mode, token);
    const hit = this.renderedFor(slot, versions);
    if (hit) return hit;
    // After a change (or at start) every poll in flight misses at once: they share one render
    // of these versions instead of each building the document in its own transaction.
    const renderKey = `${slot}\u0000${versionKey(versions)}`;
    let render = this.renders.get(renderKey);
    if (!render) {
      render = this.render(projectId, mode, token, slot).finally(() => this.renders.delete(renderKey));
      this.renders.set(renderKey, render);
    }
    return render;
  }

  private renderedFor(slot: string, versions: SurfaceVersions): RenderedSurface | null {
    const hit = this.rendered.get(slot);
    return hit && hit.key === versionKey(versions) ? hit.value : null;
  }

  private async render(projectId: string, mode: SurfaceMode | undefined, token: SurfaceToken | null, slot: string): Promise<RenderedSurface> {
    // Read the versions again with the inputs, in one snapshot, so the key names what was built.
    const { key, value } = await this.db.transaction(
      async (tx) => {
        const current = await readSurfaceVersions(surfaceVersionsQuery(tx).prepare('favindex_surface_versions'), projectId);
        if (!current) throw projectNotFound(projectId);
        const inputs = await loadSurfaceInputs(tx, this.catalogs, projectId);
        const narrowed = narrowPolicy(inputs.policy, token?.id ?? null, token?.name ?? null);
        const document = buildSurfaceDocument(
          {
            project: projectId,
            version: { catalog: inputs.catalogVersion, favourites: inputs.favourites.version, surface: current.surfaceRevision },
            surface: inputs.surface,
            favourites: inputs.favourites,
            policy: narrowed.policy,
            policyRules: narrowed.sources,
            routers: inputs.routers,
          },
          inputs.catalog,
          mode ?? inputs.surface.mode,
        );
        return { key: versionKey(current), value: { bytes: EncodedJson.of(document), etag: etagOf(document.fingerprint) } };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.rendered.set(slot, { key, value });
    return value;
  }
}
