import { emptyRoutersConfig, type RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceInputs } from './inputs';

/**
 * The project's routers (§routers) as the surface document and the preview read them from its
 * surface inputs: none while the inputs do not carry them. Where the stored routers plug in
 * (issue #49): once loadSurfaceInputs reads them into `routers`, both follow with no other change.
 */
export function routersOf(inputs: SurfaceInputs & { routers?: RoutersConfig }): RoutersConfig {
  return inputs.routers ?? emptyRoutersConfig();
}
