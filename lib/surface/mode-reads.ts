import type { SurfaceMode } from '@/lib/schemas/surface-config';
import type { ModeInputs } from './types';

/**
 * What each mode's list is made from besides the catalog. A mode is given these inputs alone,
 * so its list is the same whatever the others hold: a preview of it is kept by these (a new
 * query changes retrieve's list, a pin favindex's and deferred's, and no other).
 */
export const MODE_READS = {
  off: ['agentTools'],
  eager: ['agentTools'],
  lazy: ['agentTools', 'limits', 'session', 'stateless'],
  pinned: ['agentTools', 'limits', 'session', 'stateless'],
  favindex: ['agentTools', 'favourites', 'alwaysLoadFavourites', 'instruction', 'naming', 'serverKey'],
  deferred: ['agentTools', 'favourites', 'alwaysLoadFavourites', 'instruction'],
  retrieve: ['agentTools', 'limits', 'query', 'stateless'],
  routers: ['agentTools', 'favourites', 'alwaysLoadFavourites', 'instruction', 'naming', 'serverKey', 'routers'],
} as const satisfies Record<SurfaceMode, readonly (keyof ModeInputs)[]>;

/** The inputs mode M reads. */
export type ModeReads<M extends SurfaceMode> = Pick<ModeInputs, (typeof MODE_READS)[M][number]>;
