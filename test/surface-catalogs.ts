import type { CatalogTool } from '@/lib/schemas/catalog';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import type { ModeInputs, SurfaceServer } from '@/lib/surface/types';

export function tool(name: string, description = `Does ${name}`, properties: Record<string, unknown> = { id: { type: 'string' } }): CatalogTool {
  return { name, description, inputSchema: { type: 'object', properties } };
}

/** `servers` servers holding `total` tools between them, spread as evenly as possible. */
export function syntheticCatalog(servers: number, total: number): SurfaceServer[] {
  return Array.from({ length: servers }, (_, s) => {
    const count = Math.floor(total / servers) + (s < total % servers ? 1 : 0);
    return { name: `server${s + 1}`, tools: Array.from({ length: count }, (_, t) => tool(`tool_${t + 1}`)) };
  });
}

export function modeInputs(overrides: Partial<ModeInputs> = {}): ModeInputs {
  const config = defaultSurfaceConfig();
  return {
    agentTools: 0,
    limits: config.limits,
    favourites: { enabled: true, maxFavourites: 15, tools: [] },
    instruction: config.instruction,
    naming: config.naming,
    serverKey: config.serverKey,
    alwaysLoadFavourites: config.alwaysLoadFavourites,
    routers: emptyRoutersConfig(),
    session: { activated: [], calledServers: [] },
    query: '',
    ...overrides,
  };
}
