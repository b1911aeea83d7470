import { createHash } from 'node:crypto';
import { catalogFingerprint } from '@/lib/catalog/fingerprint';
import type { SurfaceCatalog } from '@/lib/contracts/surface';
import type { PreparedCatalog } from './prepared-catalog';
import type { SurfaceServer } from './types';

const cache = new WeakMap<PreparedCatalog, SurfaceCatalog>();

/**
 * The catalog a surface was computed for: each server's fingerprint (the one `PUT …/catalog`
 * answers with, so a proxy can compare it with the tools it read), in catalog order, and one
 * fingerprint over them all. Worked out once per prepared catalog.
 */
export function catalogFingerprints(catalog: PreparedCatalog): SurfaceCatalog {
  const hit = cache.get(catalog);
  if (hit) return hit;
  const made = fingerprintServers(catalog.servers);
  cache.set(catalog, made);
  return made;
}

export function fingerprintServers(servers: readonly SurfaceServer[]): SurfaceCatalog {
  const list = servers.map((s) => ({ name: s.name, fingerprint: catalogFingerprint(s.tools), tools: s.tools.length }));
  const whole = createHash('sha256')
    .update(list.map((s) => `${s.name}\u0000${s.fingerprint}`).join('\n'))
    .digest('base64url');
  return { fingerprint: whole, servers: list };
}
