import type { Router } from '@/lib/schemas/routers';
import { routerBody } from '@/lib/surface/routers-mode';
import type { TokenMethodId } from '@/lib/surface/targets';
import { toolTokens } from '@/lib/surface/tokens';
import type { ToolBody } from '@/lib/surface/types';

/**
 * A router as a model sees it (#49), built by the routers mode's own `routerBody`, so what a
 * suggestion says it saves is what the list would present.
 */
export function routerDefinition(router: Router): ToolBody {
  return routerBody(
    router.description,
    router.ops.map((o) => ({ op: o.op, canonical: o.tool, note: o.note })),
  );
}

/** The tokens of a router's definition under its name, as the token estimate counts any presented tool. */
export function routerTokens(router: Router, method: TokenMethodId): number {
  return toolTokens(router.name, routerDefinition(router), method);
}
